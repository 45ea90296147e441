#pragma once
/* `uint`, which Linux's <sys/types.h> gives nvcc through the host compiler */
typedef unsigned int uint;
