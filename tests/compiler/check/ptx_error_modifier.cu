// A modifier lower_asm.c does not translate (an L2 cache policy, which takes an operand): an
// error naming it.
__global__ void load(float *o, unsigned long long policy) {
  float r;
  asm("ld.global.L2::cache_hint.f32 %0, [%1], %2;" : "=f"(r) : "l"(o), "l"(policy));
  o[1] = r;
}
// ERR: ptx_error_modifier.cu:5:3: error: the modifier '.L2::cache_hint' in inline PTX 'ld.global.L2::cache_hint.f32 %0, [%1], %2' is not supported by Anchor's Metal backend
