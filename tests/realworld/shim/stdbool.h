#pragma once
/* C's bool, true and false are C++ keywords. */
