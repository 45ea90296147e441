//! Tensor-core instructions on the simulator (cases land with the tensor-core work).
