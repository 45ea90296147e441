#include <stdio.h>
#include <stdlib.h>

#define WARP_SIZE 32 //Warp Size 
#define LOOPS 1000

#define MAX_BIT_POS 31
#define MIN_BIT_POS 0

__device__ unsigned int d_data[WARP_SIZE];

//Implements Radix sort using warp level primitives
__global__ void radix_warp_sort(){

  __shared__ volatile unsigned int s_data[WARP_SIZE*2];
  
  // load data from global memory into shared array in coalesced manner
  s_data[threadIdx.x] = d_data[threadIdx.x];
  unsigned int offset  = 0;
  unsigned int pos =0;
  unsigned int bit_mask=  1<<MIN_BIT_POS;
  unsigned int thread_mask = 0xFFFFFFFFU << threadIdx.x;
  //  for each LSB to MSB
  for (int i = MIN_BIT_POS; i <= MAX_BIT_POS; i++){

    unsigned int data = s_data[((WARP_SIZE-1)-threadIdx.x)+offset];
    unsigned int bit  = data&bit_mask;

    // get population of ones and zeroes
    unsigned int active = __activemask();
    unsigned int ones = __ballot_sync(active,bit); 
    unsigned int zeroes = ~ones;

//switch ping-pong buffers
    offset ^= WARP_SIZE; // switch ping-pong buffers
    // do zeroes, then ones
    if (!bit) // threads with a zero bit
      // get my position in ping-pong buffer
      pos = __popc(zeroes&thread_mask);
    else        // threads with a one bit
      // get my position in ping-pong buffer
      pos = __popc(zeroes)+__popc(ones&thread_mask);
    
    // move to buffer 
    s_data[pos-1+offset] = data;
    
    // repeat for next bit
    bit_mask <<= 1;
    }
  // save results to global memory
  d_data[threadIdx.x] = s_data[threadIdx.x+offset];
  }



























