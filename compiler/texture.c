/* texture.c — the rows of the texture and surface intrinsics (issue 15,
 * docs/textures.md, docs/compiler.md "Textures and surfaces"): calls of
 * __anchor_tex_<op>_<shape>_<class> and __anchor_surf_<op>_<shape>_<class>,
 * which include/anchor/texture.h's tex2D<T> & co. make, as MSL that reads the
 * 128-byte record through the handle (a CUDA address, `h + anchor_ctx[0]` as
 * every pointer) as an argument-buffer struct and calls sample/read/write/
 * gather on its typed texture field; and the declarations of the record
 * structs the module's calls use.
 *
 * The header does CUDA's semantics (kind and type checks, tex1Dfetch's range,
 * boundary modes, border colours Metal cannot express); a row here only
 * touches the texture. Shape, operation and sample class are in the callee's
 * name, so no optimisation can turn them into run-time values (LLVM may sink
 * two calls that differ in a constant argument into one call of a phi; it
 * cannot merge calls of two functions). Results travel through the first
 * argument, a private array of four 32-bit lanes: the texel's four
 * components as bits (float, int or uint per class) for texture reads; the
 * texel's bytes, channels packed little-endian, for surface reads. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msl_internal.h"

/* The record's fields after the two resource IDs (docs/textures.md "The
 * handle and the record"); scalar members only, so the layout is the
 * record's byte for byte (MSL's float4 and uint3 would be 16-byte aligned). */
#define RECORD_FIELDS                                                                              \
  "  uint kind, format, flags, texel_bytes;\n"                                                     \
  "  uint width, height, depth;\n"                                                                 \
  "  uint address[3];\n"                                                                           \
  "  float border[4];\n"                                                                           \
  "  float lod_bias;\n"                                                                            \
  "  uint levels;\n"                                                                               \
  "  float lod_min, lod_max;\n"

/* One texture shape: CUDA's record kinds it reads (the header checks them),
 * its MSL type, the coordinate expressions for sampling (%2..%4 floats) and
 * for reads and writes (%2..%4 ints), whether an array index (%5) follows,
 * whether it has mipmaps (level()), its gradient option. */
typedef struct shape {
  const char *name, *type, *coord, *texel, *grad;
  int array, mipmapped;
} shape;

static const shape shapes[MSL_TEXTURE_SHAPES] = {
    {"1d", "texture1d", "%2", "uint(%2)", NULL, 0, 0},
    {"2d", "texture2d", "float2(%2, %3)", "uint2(%2, %3)", "gradient2d", 0, 1},
    {"3d", "texture3d", "float3(%2, %3, %4)", "uint3(%2, %3, %4)", "gradient3d", 0, 1},
    {"1da", "texture1d_array", "%2", "uint(%2)", NULL, 1, 0},
    {"2da", "texture2d_array", "float2(%2, %3)", "uint2(%2, %3)", "gradient2d", 1, 1},
    /* a cube's texel is (x, y) on face %4 */
    {"cube", "texturecube", "float3(%2, %3, %4)", "uint2(%2, %3), uint(%4)", "gradientcube", 0, 1},
    {"cubea", "texturecube_array", "float3(%2, %3, %4)", "uint2(%2, %3), uint(%4)", "gradientcube",
     1, 1},
    {"buf", "texture_buffer", NULL, "uint(%2)", NULL, 0, 0},
};

/* The sample classes: cudaChannelFormatKind's order (0 signed, 1 unsigned,
 * 2 float), the letter in the intrinsic's name, MSL's sample type. */
static const char class_letter[MSL_TEXTURE_CLASSES] = {'i', 'u', 'f'};
static const char *const class_type[MSL_TEXTURE_CLASSES] = {"int", "uint", "float"};

/* How a record is viewed: sampled (texture objects: sample and read, a
 * sampler field), or a surface's raw texture read or written. */
static const char *const access_name[MSL_TEXTURE_ACCESSES] = {"tex", "surf_r", "surf_w"};
static const char *const access_spelling[MSL_TEXTURE_ACCESSES] = {"", ", access::read",
                                                                  ", access::write"};

static unsigned record_index(unsigned s, unsigned c, unsigned a) {
  return (s * MSL_TEXTURE_CLASSES + c) * MSL_TEXTURE_ACCESSES + a;
}

/* The struct's name for shape s, class c, access a: anchor_tex_2d_f ... */
static void record_name(char *out, size_t n, unsigned s, unsigned c, unsigned a) {
  snprintf(out, n, "anchor_%s_%s_%c", access_name[a], shapes[s].name, class_letter[c]);
}

void msl_emit_texture_records(msl_ctx *ctx) {
  for (unsigned s = 0; s < MSL_TEXTURE_SHAPES; s++)
    for (unsigned c = 0; c < MSL_TEXTURE_CLASSES; c++)
      for (unsigned a = 0; a < MSL_TEXTURE_ACCESSES; a++) {
        if (!ctx->texture_records[record_index(s, c, a)]) continue;
        char name[64];
        record_name(name, sizeof name, s, c, a);
        /* A texture buffer is never sampled: its sampler field stays bits. */
        const char *sampler = a == 0 && shapes[s].coord ? "sampler s" : "ulong s";
        strbuf_printf(&ctx->msl, "struct %s {\n  %s<%s%s> t;\n  %s;\n" RECORD_FIELDS "};\n\n", name,
                      shapes[s].type, class_type[c], access_spelling[a], sampler);
      }
}

/* ---- the calls ----------------------------------------------------------- */

typedef enum op {
  OP_LEVEL,
  OP_GRAD,
  OP_GATHER,
  OP_READ,
  OP_HAND_LEVEL, /* sampling by hand (flag bit 4) at a level of detail */
  OP_HAND_GRAD,  /* ... with gradients */
  OP_SURF_READ,
  OP_SURF_WRITE
} op;

typedef struct call {
  op op;
  unsigned component; /* gather's */
  unsigned shape, cls;
} call;

/* Parses __anchor_{tex,surf}_<op>_<shape>_<class>; 0 for another name. */
static int parse_call(const char *name, call *c) {
  static const struct {
    const char *prefix;
    op op;
  } ops[] = {{"__anchor_tex_level_", OP_LEVEL},        {"__anchor_tex_grad_", OP_GRAD},
             {"__anchor_tex_gather0_", OP_GATHER},     {"__anchor_tex_gather1_", OP_GATHER},
             {"__anchor_tex_gather2_", OP_GATHER},     {"__anchor_tex_gather3_", OP_GATHER},
             {"__anchor_tex_read_", OP_READ},          {"__anchor_surf_read_", OP_SURF_READ},
             {"__anchor_surf_write_", OP_SURF_WRITE},  {"__anchor_tex_hand_level_", OP_HAND_LEVEL},
             {"__anchor_tex_hand_grad_", OP_HAND_GRAD}};
  for (unsigned k = 0; k < sizeof ops / sizeof *ops; k++) {
    size_t n = strlen(ops[k].prefix);
    if (strncmp(name, ops[k].prefix, n)) continue;
    c->op = ops[k].op;
    c->component = ops[k].op == OP_GATHER ? (unsigned)(ops[k].prefix[19] - '0') : 0;
    const char *rest = name + n, *sep = strrchr(rest, '_');
    if (!sep || strlen(sep) != 2) return 0;
    for (c->shape = 0; c->shape < MSL_TEXTURE_SHAPES; c->shape++)
      if (strlen(shapes[c->shape].name) == (size_t)(sep - rest) &&
          !strncmp(rest, shapes[c->shape].name, (size_t)(sep - rest)))
        break;
    for (c->cls = 0; c->cls < MSL_TEXTURE_CLASSES; c->cls++)
      if (class_letter[c->cls] == sep[1]) break;
    return c->shape < MSL_TEXTURE_SHAPES && c->cls < MSL_TEXTURE_CLASSES;
  }
  return 0;
}

/* After "uint4 anchor_v = <value>": the value stored into the lanes (operand 0);
 * a printf format. */
#define STORE_LANES                                                                                \
  "; %%Q0 uint *anchor_o = reinterpret_cast<%%Q0 uint*>(%%0%%D0); "                                \
  "anchor_o[0] = anchor_v.x; anchor_o[1] = anchor_v.y; anchor_o[2] = anchor_v.z; "                 \
  "anchor_o[3] = anchor_v.w;"

/* The record at handle h (%a0 its struct) as anchor_r, its texture (%a1 the texture's
 * type) as anchor_t; a printf format. The texture is copied out of the record, as MSL
 * programs do with argument-buffer members (a handle: the copy is the same texture). */
#define RECORD_REF(h)                                                                              \
  "device const %%a0 &anchor_r = *reinterpret_cast<device const %%a0*>(" h " + " MSL_DELTA "); "
#define RECORD(h) RECORD_REF(h) "%%a1 anchor_t = anchor_r.t; "

/* The arguments of sample/gather after the sampler: coordinate, array index. */
static void put_coord(strbuf *t, const shape *s, int texel) {
  strbuf_put(t, texel ? s->texel : s->coord);
  if (s->array) strbuf_put(t, ", uint(%5)");
}

/* A gradient call's dy, operands 9..11, past the templates' one-digit %k: spelled here
 * (the caller frees them). 0 after an error. */
static int put_dy(msl_inst *in, strbuf dy[3]) {
  for (unsigned k = 0; k < 3; k++)
    if (!msl_put_operand(in->f, LLVMGetOperand(in->i, 9 + k), &dy[k], MSL_SPACE_NONE)) return 0;
  return 1;
}

#define BIAS_SCALE "exp2(anchor_r.lod_bias)"

/* The texture (sampled) operations: the value as a uint4 of lanes. */
static int texture_value(msl_inst *in, const call *c, strbuf *v) {
  const shape *s = &shapes[c->shape];
  if (c->op == OP_READ) {
    strbuf_put(v, "as_type<uint4>(anchor_t.read(");
    put_coord(v, s, 1);
    if (s->mipmapped) strbuf_put(v, ", uint(%6)");
    strbuf_put(v, "))");
    return 1;
  }
  if (!s->coord) return msl_inst_unsupported(in, "sampling a linear-memory texture (tex1Dfetch)");
  strbuf_put(v, c->op == OP_GATHER ? "as_type<uint4>(anchor_t.gather(anchor_s, "
                                   : "as_type<uint4>(anchor_t.sample(anchor_s, ");
  put_coord(v, s, 0);
  if (c->op == OP_GATHER) {
    static const char *const comps[] = {"x", "y", "z", "w"};
    if (c->shape != 1) return msl_inst_unsupported(in, "texture gather of a shape other than 2D");
    strbuf_printf(v, ", int2(0), component::%s))", comps[c->component]);
    return 1;
  }
  /* Metal's 1D textures have no mipmaps: level and gradients do not apply. */
  if (c->op == OP_LEVEL && s->mipmapped) strbuf_put(v, ", level(%6)");
  if (c->op == OP_GRAD && s->grad) {
    strbuf dy[3] = {{0}, {0}, {0}};
    int ok = put_dy(in, dy);
    /* the record's bias (Metal's samplers have none, and gradient options take none):
     * gradients 2^bias times as long, log2 of their length being the level of detail */
    if (ok && (c->shape == 1 || c->shape == 4))
      strbuf_printf(v, ", %s(float2(%%6, %%7) * " BIAS_SCALE ", float2(%s, %s) * " BIAS_SCALE ")",
                    s->grad, dy[0].data, dy[1].data);
    else if (ok)
      strbuf_printf(
          v, ", %s(float3(%%6, %%7, %%8) * " BIAS_SCALE ", float3(%s, %s, %s) * " BIAS_SCALE ")",
          s->grad, dy[0].data, dy[1].data, dy[2].data);
    for (unsigned k = 0; k < 3; k++)
      strbuf_free(&dy[k]);
    if (!ok) return in->ok = 0;
  }
  strbuf_put(v, "))");
  return 1;
}

/* Sampling by hand (record flag bit 4: the prelude's anchor_tex_filter) for the shapes with
 * address modes, at the level of detail given (operand 6) or at that of the gradients
 * (operands 6..8, 9..11); 1-D shapes have no mipmaps in Metal (level 0). */
static int hand_value(msl_inst *in, const call *c, strbuf *v) {
  static const int dims[] = {1, 2, 3, 1, 2}; /* 1d 2d 3d 1da 2da */
  if (c->shape >= sizeof dims / sizeof *dims)
    return msl_inst_unsupported(in, "sampling a cube map or linear memory by hand");
  int d = dims[c->shape];
  strbuf_printf(v, "anchor_tex_filter<%s>(anchor_r, %d, %s, float3(%%2, %%3, %%4), uint(%%5), ",
                class_type[c->cls], d, shapes[c->shape].mipmapped ? "true" : "false");
  if (c->op == OP_HAND_LEVEL) {
    strbuf_put(v, "%6)");
    return 1;
  }
  strbuf dy[3] = {{0}, {0}, {0}};
  int ok = put_dy(in, dy);
  if (ok)
    strbuf_printf(v,
                  "anchor_tex_grad_lod(anchor_r, %d, float3(%%6, %%7, %%8), float3(%s, %s, %s)))",
                  d, dy[0].data, dy[1].data, dy[2].data);
  for (unsigned k = 0; k < 3; k++)
    strbuf_free(&dy[k]);
  return ok ? 1 : (in->ok = 0);
}

/* Surface reads: the texel's channels (raw format, class c) packed as its
 * bytes (anchor_surf_pack, the texture prelude). */
static void surface_read_value(const call *c, strbuf *v) {
  static const char *const unpacked[] = {"as_type<uint4>", "", "anchor_surf_float_bits"};
  const shape *s = &shapes[c->shape];
  strbuf_printf(v, "anchor_surf_pack(%s(anchor_t.read(", unpacked[c->cls]);
  put_coord(v, s, 1);
  strbuf_printf(v, ")%s), anchor_r.format & 0xFFu)",
                c->cls == 2 ? ", anchor_r.format & 0xFFu" : "");
}

/* A texel coordinate template of a read (operands %2..%4) for a surface write, whose
 * operands come one place earlier (no lanes pointer): %k spelled %k-1. */
static void put_operands_shifted(strbuf *t, const char *text) {
  for (const char *p = text; *p; p++) {
    if (*p == '%' && p[1] >= '2' && p[1] <= '4') {
      strbuf_printf(t, "%%%c", p[1] - 1);
      p++;
    } else
      strbuf_putn(t, p, 1);
  }
}

void msl_emit_texture(msl_inst *in) {
  call c;
  const char *name = ir_callee_name(in->i);
  if (!parse_call(name, &c)) {
    msl_inst_unsupported(in, "this texture or surface intrinsic");
    return;
  }
  unsigned access = c.op == OP_SURF_READ ? 1 : c.op == OP_SURF_WRITE ? 2 : 0;
  in->f->ctx->texture_records[record_index(c.shape, c.cls, access)] = 1;
  if (access) in->f->ctx->preludes |= MSL_PRELUDE_TEXTURE; /* surfaces move bytes */
  char record[64];
  record_name(record, sizeof record, c.shape, c.cls, access);
  strbuf t = {0}, v = {0};
  if (c.op == OP_SURF_WRITE) {
    /* operands (h, x, y, z, layer, w0..w3): the texel coordinate of a read,
     * one operand later */
    static const char *const to_class[] = {"anchor_surf_sext", "anchor_surf_unpack",
                                           "anchor_surf_bits_float"};
    const shape *s = &shapes[c.shape];
    strbuf_printf(&t,
                  "{ " RECORD("%%0") "anchor_t.write(%s(uint4(%%5, %%6, %%7, %%8), "
                                     "anchor_r.format & 0xFFu), ",
                  to_class[c.cls]);
    put_operands_shifted(&t, s->texel);
    if (s->array) strbuf_put(&t, ", uint(%4)");
    strbuf_put(&t, "); }");
  } else {
    int ok = 1, hand = c.op == OP_HAND_LEVEL || c.op == OP_HAND_GRAD;
    if (c.op == OP_SURF_READ)
      surface_read_value(&c, &v);
    else if (hand)
      ok = hand_value(in, &c, &v);
    else
      ok = texture_value(in, &c, &v);
    if (!ok) {
      strbuf_free(&v);
      return;
    }
    int sampled = c.op == OP_LEVEL || c.op == OP_GRAD || c.op == OP_GATHER;
    if (hand) {
      in->f->ctx->preludes |= MSL_PRELUDE_TEXFILTER;
      strbuf_printf(&t, "{ " RECORD_REF("%%1") "uint4 anchor_v = %s" STORE_LANES " }", v.data);
    } else
      strbuf_printf(&t, "{ " RECORD("%%1") "%suint4 anchor_v = %s" STORE_LANES " }",
                    sampled ? "sampler anchor_s = anchor_r.s; " : "", v.data);
  }
  char type[64];
  snprintf(type, sizeof type, "%s<%s%s>", shapes[c.shape].type, class_type[c.cls],
           access_spelling[access]);
  msl_inst_template_args(in, t.data, (const char *const[]){record, type});
  strbuf_free(&t);
  strbuf_free(&v);
}

/* ---- the prelude ----------------------------------------------------------
 * A surface access moves a texel's bytes (CUDA's x is in bytes; suld/sust
 * move bits, whatever the format). Channels of `bits` bits (8, 16, 32) are
 * packed little-endian into words and back; a 16-bit float channel is read
 * and written through half. Appended to the module once (MSL_PRELUDE_TEXTURE). */
const char msl_texture_prelude[] =
    "inline uint4 anchor_surf_pack(uint4 c, uint bits) {\n"
    "  if (bits == 8u)\n"
    "    return uint4((c.x & 0xFFu) | (c.y & 0xFFu) << 8 | (c.z & 0xFFu) << 16 | c.w << 24,\n"
    "                 0u, 0u, 0u);\n"
    "  if (bits == 16u) return uint4((c.x & 0xFFFFu) | c.y << 16, (c.z & 0xFFFFu) | c.w << 16, 0u, "
    "0u);\n"
    "  return c;\n"
    "}\n"
    "inline uint4 anchor_surf_unpack(uint4 w, uint bits) {\n"
    "  if (bits == 8u) return uint4(w.x & 0xFFu, (w.x >> 8) & 0xFFu, (w.x >> 16) & 0xFFu, w.x >> "
    "24);\n"
    "  if (bits == 16u) return uint4(w.x & 0xFFFFu, w.x >> 16, w.y & 0xFFFFu, w.y >> 16);\n"
    "  return w;\n"
    "}\n"
    "inline int4 anchor_surf_sext(uint4 w, uint bits) {\n"
    "  uint4 c = anchor_surf_unpack(w, bits);\n"
    "  uint shift = 32u - bits;\n"
    "  return as_type<int4>(c << shift) >> int4(shift);\n"
    "}\n"
    "inline uint anchor_surf_half_bits(float x) {\n"
    "  return (uint)as_type<ushort>((half)x);\n"
    "}\n"
    "inline uint4 anchor_surf_float_bits(float4 v, uint bits) {\n"
    "  if (bits == 16u)\n"
    "    return uint4(anchor_surf_half_bits(v.x), anchor_surf_half_bits(v.y),\n"
    "                 anchor_surf_half_bits(v.z), anchor_surf_half_bits(v.w));\n"
    "  return as_type<uint4>(v);\n"
    "}\n"
    "inline float anchor_surf_half_value(uint c) {\n"
    "  return (float)as_type<half>((ushort)c);\n"
    "}\n"
    "inline float4 anchor_surf_bits_float(uint4 w, uint bits) {\n"
    "  uint4 c = anchor_surf_unpack(w, bits);\n"
    "  if (bits == 16u)\n"
    "    return float4(anchor_surf_half_value(c.x), anchor_surf_half_value(c.y),\n"
    "                  anchor_surf_half_value(c.z), anchor_surf_half_value(c.w));\n"
    "  return as_type<float4>(c);\n"
    "}\n";

/* ---- sampling by hand ------------------------------------------------------
 * Record flag bit 4: no Metal sampler does what CUDA asks (a border colour
 * Metal lacks, unnormalized coordinates with a non-zero border or on a 3-D
 * texture; docs/textures.md), so the kernel samples with read: CUDA's
 * addressing (texel centres at +0.5; wrap and mirror on the fraction of
 * normalized coordinates, clamp for unnormalized ones; border), nearest or
 * linear weights in float (CUDA's are 9-bit fixed point: within 1/256), and
 * the levels of a mipmapped texture as the sampler picks them (level of
 * detail plus the record's bias, clamped to its lod_min..lod_max and to the
 * levels; mip filter nearest: level ceil(lod + 0.5) - 1, linear: the two
 * levels around it blended; unnormalized coordinates: level 0). Templates over
 * the record struct (its texture field's type gives the read) and the sample
 * type, so the text is in the module once and each shape and class a kernel
 * filters is one instantiation; the call site is one call
 * (MSL_PRELUDE_TEXFILTER). */
const char msl_texfilter_prelude[] =
    "template <typename T> inline bool anchor_tex_is_float() { return false; }\n"
    "template <> inline bool anchor_tex_is_float<float>() { return true; }\n"
    "// the border colour as the lanes of sample type T: its float bits whatever T is (an\n"
    "// integer read gets the float's bits, as on an H100: tex_values.cu)\n"
    "template <typename T> inline uint4 anchor_tex_border(float4 b) { return as_type<uint4>(b); }\n"
    "// CUDA's address mode (0 wrap, 1 clamp, 2 mirror, 3 border) on index i of n texels\n"
    "inline int anchor_tex_address(int i, int n, uint mode, thread bool &border) {\n"
    "  if (mode == 0u) {\n"
    "    i %= n;\n"
    "    return i < 0 ? i + n : i;\n"
    "  }\n"
    "  if (mode == 2u) {\n"
    "    int p = 2 * n;\n"
    "    i %= p;\n"
    "    if (i < 0) i += p;\n"
    "    return i < n ? i : p - 1 - i;\n"
    "  }\n"
    "  if (mode == 3u && (i < 0 || i >= n)) border = true;\n"
    "  return i < 0 ? 0 : i >= n ? n - 1 : i;\n"
    "}\n"
    "// the texel at i (in range) of a layer and level, as lanes\n"
    "template <typename T, access A>\n"
    "inline uint4 anchor_tex_fetch(texture1d<T, A> t, int3 i, uint layer, uint level) {\n"
    "  return as_type<uint4>(t.read(uint(i.x)));\n"
    "}\n"
    "template <typename T, access A>\n"
    "inline uint4 anchor_tex_fetch(texture2d<T, A> t, int3 i, uint layer, uint level) {\n"
    "  return as_type<uint4>(t.read(uint2(i.x, i.y), level));\n"
    "}\n"
    "template <typename T, access A>\n"
    "inline uint4 anchor_tex_fetch(texture3d<T, A> t, int3 i, uint layer, uint level) {\n"
    "  return as_type<uint4>(t.read(uint3(i.x, i.y, i.z), level));\n"
    "}\n"
    "template <typename T, access A>\n"
    "inline uint4 anchor_tex_fetch(texture1d_array<T, A> t, int3 i, uint layer, uint level) {\n"
    "  return as_type<uint4>(t.read(uint(i.x), layer));\n"
    "}\n"
    "template <typename T, access A>\n"
    "inline uint4 anchor_tex_fetch(texture2d_array<T, A> t, int3 i, uint layer, uint level) {\n"
    "  return as_type<uint4>(t.read(uint2(i.x, i.y), layer, level));\n"
    "}\n"
    "// one level filtered, coordinate c in the first `dims` components\n"
    "template <typename T, typename R>\n"
    "uint4 anchor_tex_filter_level(device const R &r, int dims, float3 c, uint layer, uint level) "
    "{\n"
    "  bool normalized = (r.flags & 1u) != 0u, lin = (r.flags & 4u) != 0u && "
    "anchor_tex_is_float<T>();\n"
    "  uint size[3] = {r.width, r.height, r.depth}, mode[3];\n"
    "  int n[3], base[3];\n"
    "  float frac[3];\n"
    "  for (int d = 0; d < 3; d++) {\n"
    "    n[d] = (int)max(size[d] >> level, 1u);\n"
    "    mode[d] = r.address[d];\n"
    "    if (!normalized && (mode[d] == 0u || mode[d] == 2u)) mode[d] = 1u;\n"
    "    float u = normalized ? c[d] * (float)n[d] : c[d], b = lin ? u - 0.5f : u, f = floor(b);\n"
    "    base[d] = (int)f;\n"
    "    frac[d] = b - f;\n"
    "  }\n"
    "  float4 acc = float4(0.0f);\n"
    "  int corners = lin ? 1 << dims : 1;\n"
    "  for (int corner = 0; corner < corners; corner++) {\n"
    "    float w = 1.0f;\n"
    "    int at[3] = {0, 0, 0};\n"
    "    bool border = false;\n"
    "    for (int d = 0; d < dims; d++) {\n"
    "      int up = (corner >> d) & 1;\n"
    "      w *= up ? frac[d] : 1.0f - frac[d];\n"
    "      at[d] = anchor_tex_address(base[d] + up, n[d], mode[d], border);\n"
    "    }\n"
    "    uint4 v = border ? anchor_tex_border<T>(float4(r.border[0], r.border[1], r.border[2], "
    "r.border[3]))\n"
    "                     : anchor_tex_fetch(r.t, int3(at[0], at[1], at[2]), layer, level);\n"
    "    if (!lin) return v;\n"
    "    acc += w * as_type<float4>(v);\n"
    "  }\n"
    "  return as_type<uint4>(acc);\n"
    "}\n"
    "// the level of detail of gradients dx, dy (normalized): log2 of the longest in texels\n"
    "template <typename R> float anchor_tex_grad_lod(device const R &r, int dims, float3 dx, "
    "float3 dy) {\n"
    "  float3 size = float3((float)r.width, dims > 1 ? (float)r.height : 0.0f,\n"
    "                       dims > 2 ? (float)r.depth : 0.0f);\n"
    "  float3 a = dx * size, b = dy * size;\n"
    "  return log2(max(sqrt(a.x * a.x + a.y * a.y + a.z * a.z), sqrt(b.x * b.x + b.y * b.y + b.z "
    "* b.z)));\n"
    "}\n"
    "// CUDA's sample at level of detail lod (plus the record's bias), the levels picked as the\n"
    "// sampler does for the record's mip filter (flag bit 7: linear)\n"
    "template <typename T, typename R>\n"
    "uint4 anchor_tex_filter(device const R &r, int dims, bool mipmapped, float3 c, uint layer,\n"
    "                        float lod) {\n"
    "  if (!mipmapped || r.levels <= 1u || (r.flags & 1u) == 0u)\n"
    "    return anchor_tex_filter_level<T>(r, dims, c, layer, 0u);\n"
    "  lod = min(max(lod + r.lod_bias, r.lod_min), r.lod_max);\n"
    "  float top = (float)(r.levels - 1u), l = lod < 0.0f ? 0.0f : lod > top ? top : lod;\n"
    "  if ((r.flags & 128u) == 0u || !anchor_tex_is_float<T>()) {\n"
    "    float nearest = ceil(l + 0.5f) - 1.0f;\n"
    "    return anchor_tex_filter_level<T>(r, dims, c, layer, (uint)(nearest < 0.0f ? 0.0f : "
    "nearest));\n"
    "  }\n"
    "  uint l0 = (uint)floor(l), l1 = l0 + 1u < r.levels ? l0 + 1u : l0;\n"
    "  float f = l - (float)l0;\n"
    "  uint4 v0 = anchor_tex_filter_level<T>(r, dims, c, layer, l0);\n"
    "  if (f == 0.0f) return v0;\n"
    "  uint4 v1 = anchor_tex_filter_level<T>(r, dims, c, layer, l1);\n"
    "  return as_type<uint4>((1.0f - f) * as_type<float4>(v0) + f * as_type<float4>(v1));\n"
    "}\n";
