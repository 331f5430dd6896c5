/* anchor/math/f32_trig.h — part of anchor/math_functions.h: single-precision trigonometric
 * functions and their inverses (devlib/f32_trig.cu). */
#ifndef ANCHOR_MATH_F32_TRIG_H
#define ANCHOR_MATH_F32_TRIG_H

/* (none yet) */

#endif
