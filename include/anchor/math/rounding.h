/* anchor/math/rounding.h — part of anchor/math_functions.h: the arithmetic intrinsics in the four
 * rounding modes and the conversions (devlib/rounding.cu). */
#ifndef ANCHOR_MATH_ROUNDING_H
#define ANCHOR_MATH_ROUNDING_H

/* (none yet) */

#endif
