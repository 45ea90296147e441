#include<stdio.h>
#include<stdlib.h>

#define N 512






__global__ void device_add(int *a, int *b, int *c) {

	int index = threadIdx.x + blockIdx.x * blockDim.x;
        c[index] = a[index] + b[index];
}


//basically just fills the array with index.














































