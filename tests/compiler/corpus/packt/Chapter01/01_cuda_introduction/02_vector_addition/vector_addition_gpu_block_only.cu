#include<stdio.h>
#include<stdlib.h>

#define N 512






__global__ void device_add(int *a, int *b, int *c) {

        c[blockIdx.x] = a[blockIdx.x] + b[blockIdx.x];
}


//basically just fills the array with index.












































