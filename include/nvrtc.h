/* nvrtc.h — Anchor's NVRTC: CUDA C++ compiled at run time (libnvrtc.so).
 *
 * The API of NVIDIA's runtime compilation library (CUDA 13), written from its
 * public documentation.  nvrtcCompileProgram runs the device half of
 * anchorcc's pipeline on the program; what nvrtcGetPTX and nvrtcGetCUBIN give
 * back is Anchor's device module (MSL + kernel table), the image the driver
 * API's cuModuleLoadData loads: Anchor has no PTX and no SASS.  docs/nvrtc.md
 * says what works and what does not. */
#ifndef ANCHOR_NVRTC_H
#define ANCHOR_NVRTC_H
#pragma GCC system_header

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Every result an NVRTC function returns (values as NVIDIA's). */
typedef enum {
  NVRTC_SUCCESS = 0,
  NVRTC_ERROR_OUT_OF_MEMORY = 1,
  NVRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  NVRTC_ERROR_INVALID_INPUT = 3,
  NVRTC_ERROR_INVALID_PROGRAM = 4,
  NVRTC_ERROR_INVALID_OPTION = 5,
  NVRTC_ERROR_COMPILATION = 6,
  NVRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  NVRTC_ERROR_INTERNAL_ERROR = 11,
  NVRTC_ERROR_TIME_FILE_WRITE_FAILED = 12,
  NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED = 13,
  NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED = 14,
  NVRTC_ERROR_PCH_CREATE = 15,
  NVRTC_ERROR_CANCELLED = 16,
  NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED = 17
} nvrtcResult;

/* A program: its source, headers, name expressions and, once compiled, its
 * log, image and lowered names. */
typedef struct _nvrtcProgram *nvrtcProgram;

/* The enumerator's name ("NVRTC_SUCCESS" ...), "NVRTC_ERROR unknown" for
 * any other value. */
const char *nvrtcGetErrorString(nvrtcResult result);

/* The CUDA version this NVRTC implements. */
nvrtcResult nvrtcVersion(int *major, int *minor);
/* The architectures -arch accepts (sm_NN / compute_NN), ascending NN. */
nvrtcResult nvrtcGetNumSupportedArchs(int *numArchs);
nvrtcResult nvrtcGetSupportedArchs(int *supportedArchs);

/* src: the CUDA C++ source; name: the program's name in diagnostics
 * ("default_program" when NULL); numHeaders (name, text) pairs that
 * #include finds by name. */
nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
                               int numHeaders, const char *const *headers,
                               const char *const *includeNames);
nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog);
nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions, const char *const *options);

/* The compiled image (Anchor's device module, NUL-terminated) and its size
 * including the NUL; before or after a failed compile, the empty string. */
nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet);
nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx);
/* The same image as nvrtcGetPTX (Anchor has one kind of device code). */
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *cubinSizeRet);
nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin);
/* LTO IR exists only after -dlto, which Anchor refuses: size 0. */
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *LTOIRSizeRet);
nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *LTOIR);

/* The log of the last compile (NUL-terminated; size includes the NUL). */
nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet);
nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log);

/* Name expressions (e.g. "&f<int>"), added before compiling; afterwards
 * nvrtcGetLoweredName gives each one's mangled symbol name (owned by prog). */
nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression);
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
                                const char **lowered_name);

#ifdef __cplusplus
}
#endif

/* nvrtcGetTypeName (C++, only where NVRTC_GET_TYPE_NAME is defined non-zero,
 * as NVIDIA's): the source-level name of a type, as the C++ ABI's demangler
 * spells it ("float", "N::S<int>"), for building name expressions such as
 * "&f<" + name + ">".  NVRTC_ERROR_INTERNAL_ERROR when it cannot demangle. */
#if defined(__cplusplus) && defined(NVRTC_GET_TYPE_NAME) && NVRTC_GET_TYPE_NAME
#include <cstdlib>
#include <cxxabi.h>
#include <string>
#include <typeinfo>

inline nvrtcResult nvrtcGetTypeName(const std::type_info &tinfo, std::string *result) {
  if (!result) return NVRTC_ERROR_INVALID_INPUT;
  int status = -1;
  char *name = abi::__cxa_demangle(tinfo.name(), NULL, NULL, &status);
  if (status != 0 || !name) {
    std::free(name);
    return NVRTC_ERROR_INTERNAL_ERROR;
  }
  *result = name;
  std::free(name);
  return NVRTC_SUCCESS;
}

/* typeid drops top-level const/volatile; wrapped in a template they stay. */
template <typename T> struct anchor_nvrtc_type_name_wrapper {};

template <typename T> nvrtcResult nvrtcGetTypeName(std::string *result) {
  std::string wrapped;
  nvrtcResult r = nvrtcGetTypeName(typeid(anchor_nvrtc_type_name_wrapper<T>), &wrapped);
  if (r != NVRTC_SUCCESS) return r;
  const std::string prefix = "anchor_nvrtc_type_name_wrapper<";
  if (wrapped.compare(0, prefix.size(), prefix) || wrapped.size() <= prefix.size() + 1 ||
      wrapped[wrapped.size() - 1] != '>')
    return NVRTC_ERROR_INTERNAL_ERROR;
  /* The demangler's spelling kept whole, as NVIDIA's: "lib::Pair<int> " (with the
   * space it writes before the wrapper's closing '>'), "char const". */
  if (result) *result = wrapped.substr(prefix.size(), wrapped.size() - prefix.size() - 1);
  return result ? NVRTC_SUCCESS : NVRTC_ERROR_INVALID_INPUT;
}
#endif

#endif
