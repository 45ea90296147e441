#ifndef PNGWRITER_H_
#define PNGWRITER_H_




#endif
