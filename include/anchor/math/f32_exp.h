/* anchor/math/f32_exp.h — part of anchor/math_functions.h: single-precision exponentials,
 * logarithms, powers, roots and hyperbolic functions (devlib/f32_exp.cu). */
#ifndef ANCHOR_MATH_F32_EXP_H
#define ANCHOR_MATH_F32_EXP_H

/* (none yet) */

#endif
