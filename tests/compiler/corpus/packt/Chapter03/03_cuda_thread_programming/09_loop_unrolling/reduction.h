#ifndef _REDUCTION_H_
#define _REDUCTION_H_

// @reduction_kernel.cu


#endif // _REDUCTION_H_