// Converting a double to half would round twice through float: an error.
__global__ void dhalf(_Float16 *o, const double *in) {
  o[threadIdx.x] = (_Float16)in[threadIdx.x];
}
// ERR: error_double2.cu:3:30: error: conversion of double to half is not supported by Anchor's Metal backend
