// PTX that is not an instruction, a .reg declaration, a label or a scope: a parse error.
__global__ void var(unsigned *o) {
  asm volatile(".global .u32 g;\n\tst.global.u32 [%0], 1;" ::"l"(o));
}
// ERR: ptx_error_directive.cu:3:3: error: cannot translate inline PTX: the directive in '.global .u32 g' is not supported
