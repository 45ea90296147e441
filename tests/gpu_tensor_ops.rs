//! Tensor-core instructions on a GPU (cases land with the tensor-core work).
