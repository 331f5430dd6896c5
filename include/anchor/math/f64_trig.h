/* anchor/math/f64_trig.h — part of anchor/math_functions.h: double-precision trigonometric
 * functions and their inverses (devlib/f64_trig.cu). */
#ifndef ANCHOR_MATH_F64_TRIG_H
#define ANCHOR_MATH_F64_TRIG_H

/* (none yet) */

#endif
