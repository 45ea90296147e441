#ifndef _SCAN_H_
#define _SCAN_H_

#define BLOCK_DIM 512

#define DEBUG_INDEX         0
#define DEBUG_OUTPUT_NUM    16




#endif // _SCAN_H_