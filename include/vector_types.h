/* vector_types.h — CUDA's vector types (char1 ... double4) and dim3 with
 * CUDA's sizes and alignments; the definitions live in anchor/vector_types.h. */
#ifndef ANCHOR_TOP_VECTOR_TYPES_H
#define ANCHOR_TOP_VECTOR_TYPES_H
#pragma GCC system_header
#define __VECTOR_TYPES_H__
#include "anchor/vector_types.h"
#endif
