// nvrtc_type_name.cu — NVRTC from a C++ program: nvrtcGetTypeName (NVRTC_GET_TYPE_NAME)
// gives the names of host types, from which the program builds name expressions for a
// templated kernel, compiles it at run time and gets each instantiation's lowered name.
// Host only (no GPU needed): the lowered names must be clang's/NVIDIA's manglings.
//
// Anchor: anchorcc -O2 nvrtc_type_name.cu -lnvrtc -o nvrtc_type_name
// nvcc:   nvcc -O2 -arch=sm_90 nvrtc_type_name.cu -lnvrtc -o nvrtc_type_name
#define NVRTC_GET_TYPE_NAME 1
#include <nvrtc.h>
#include <stdio.h>
#include <string>

namespace lib {
template <typename T> struct Pair {
  T a, b;
};
} // namespace lib

static int failures = 0;

static void expect(const char *what, const std::string &got, const char *want) {
  bool ok = got == want;
  printf("%s = %s%s%s\n", what, got.c_str(), ok ? "" : ", want ", ok ? "" : want);
  failures += !ok;
}

static const char source[] = "namespace lib {\n"
                             "template <typename T> struct Pair { T a, b; };\n"
                             "}\n"
                             "template <typename T> __global__ void sum(const T *in, T *out) {\n"
                             "  out[threadIdx.x] = in[threadIdx.x] + in[threadIdx.x];\n"
                             "}\n"
                             "template <typename T> __global__ void first(const lib::Pair<T> *p, "
                             "T *out) { *out = p->a; }\n";

int main() {
  std::string f, u, c, pair;
  printf("nvrtcGetTypeName<float> -> %s\n", nvrtcGetErrorString(nvrtcGetTypeName<float>(&f)));
  printf("nvrtcGetTypeName<unsigned int> -> %s\n",
         nvrtcGetErrorString(nvrtcGetTypeName<unsigned int>(&u)));
  printf("nvrtcGetTypeName<const char> -> %s\n",
         nvrtcGetErrorString(nvrtcGetTypeName<const char>(&c)));
  printf("nvrtcGetTypeName<lib::Pair<int>> -> %s\n",
         nvrtcGetErrorString(nvrtcGetTypeName<lib::Pair<int> >(&pair)));
  expect("float", f, "float");
  expect("unsigned int", u, "unsigned int");
  expect("const char", c, "char const");
  // NVIDIA's (nvcc 13.0) result, the demangler's space before a closing '>' included.
  expect("lib::Pair<int>", pair, "lib::Pair<int> ");

  nvrtcProgram prog;
  nvrtcCreateProgram(&prog, source, "sum.cu", 0, NULL, NULL);
  std::string exprs[] = {"&sum<" + f + ">", "&sum<" + u + ">", "&first<int>"};
  for (const std::string &e : exprs) nvrtcAddNameExpression(prog, e.c_str());
  nvrtcResult r = nvrtcCompileProgram(prog, 0, NULL);
  printf("nvrtcCompileProgram -> %s\n", nvrtcGetErrorString(r));
  if (r != NVRTC_SUCCESS) {
    size_t n = 0;
    nvrtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    nvrtcGetProgramLog(prog, &log[0]);
    printf("%s\nFAIL\n", log.c_str());
    return 1;
  }
  const char *want[] = {"_Z3sumIfEvPKT_PS0_", "_Z3sumIjEvPKT_PS0_",
                        "_Z5firstIiEvPKN3lib4PairIT_EEPS2_"};
  for (int i = 0; i < 3; i++) {
    const char *lowered = NULL;
    r = nvrtcGetLoweredName(prog, exprs[i].c_str(), &lowered);
    printf("nvrtcGetLoweredName(%s) -> %s\n", exprs[i].c_str(), nvrtcGetErrorString(r));
    expect(exprs[i].c_str(), lowered ? lowered : "(null)", want[i]);
  }
  nvrtcDestroyProgram(&prog);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
