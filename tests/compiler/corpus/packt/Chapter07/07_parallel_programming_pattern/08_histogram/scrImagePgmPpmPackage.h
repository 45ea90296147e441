
#include <stdio.h>


 
 
 
 
 
 
