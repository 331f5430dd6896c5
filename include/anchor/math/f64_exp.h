/* anchor/math/f64_exp.h — part of anchor/math_functions.h: double-precision exponentials,
 * logarithms, powers, roots and hyperbolic functions (devlib/f64_exp.cu). */
#ifndef ANCHOR_MATH_F64_EXP_H
#define ANCHOR_MATH_F64_EXP_H

/* (none yet) */

#endif
