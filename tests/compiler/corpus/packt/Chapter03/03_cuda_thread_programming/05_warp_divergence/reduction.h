#ifndef _REDUCTION_H_
#define _REDUCTION_H_

// @ calling the reduction kernel


#define max(a, b) (a) > (b) ? (a) : (b)

#endif // _REDUCTION_H_