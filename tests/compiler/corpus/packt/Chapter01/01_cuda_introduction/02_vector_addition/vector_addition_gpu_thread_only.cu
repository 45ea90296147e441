#include<stdio.h>
#include<stdlib.h>

#define N 512






__global__ void device_add(int *a, int *b, int *c) {

        c[threadIdx.x] = a[threadIdx.x] + b[threadIdx.x];
}


//basically just fills the array with index.












































