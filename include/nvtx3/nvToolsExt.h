/* nvtx3/nvToolsExt.h — the NVIDIA Tools Extension (NVTX v3) C API: marks,
 * ranges (start/end and push/pop), domains, registered strings, category
 * and OS-thread names, as NVTX's public documentation defines them.
 *
 * NVTX calls only annotate a program for a tool that is attached to it (an
 * "injection"); with none attached they do nothing and return what NVTX
 * returns then (push/pop: NVTX_NO_PUSH_POP_TRACKING, range ids and handles:
 * 0). Header-only, as NVTX v3 is, with NVTX's injection ABI: the first call
 * looks for a tool's InitializeInjectionNvtx2 — in the library
 * NVTX_INJECTION64_PATH names (dlopen), else through a statically linked
 * InitializeInjectionNvtx2_fnptr, else (Anchor; NVTX calls this a
 * pre-injected library, which NVIDIA's header looks for only on some
 * platforms) among the symbols the process has loaded: libanchor is such a
 * tool — and calls it with this module's export table; the tool fills the
 * function slots it implements (NVTX_CB_MODULE_CORE and _CORE2, by NVTX's
 * callback ids), the others stay no-ops. libanchor maps ranges and marks to
 * Metal debug groups and signposts while a Metal capture runs
 * (docs/runtime.md "NVTX"); a program not linked with it runs the no-ops.
 * Written for Anchor from the NVTX documentation and ABI; valid C17 and C++,
 * host side (calls sit in host code). Define NVTX_NO_IMPL for the types and
 * the injection interface alone (a tool's sources). */
#ifndef ANCHOR_NVTOOLSEXT_H
#define ANCHOR_NVTOOLSEXT_H
#pragma GCC system_header

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>
#ifndef NVTX_NO_IMPL
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#endif

#define NVTX_VERSION 3
#define NVTX_API
#define NVTX_INLINE_STATIC static inline

#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7
/* What nvtxRangePush and nvtxRangePop return when no tool tracks them. */
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef enum nvtxResourceGenericType_t {
  NVTX_RESOURCE_TYPE_UNKNOWN = 0,
  NVTX_RESOURCE_TYPE_GENERIC_POINTER = 65537,
  NVTX_RESOURCE_TYPE_GENERIC_HANDLE = 65538,
  NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE = 65539,
  NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX = 65540
} nvtxResourceGenericType_t;

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef nvtxDomainRegistration *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef nvtxStringRegistration *nvtxStringHandle_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

/* The event attributes of the *Ex calls (version 3 layout). */
typedef struct nvtxEventAttributes_v2 {
  uint16_t version; /* NVTX_VERSION */
  uint16_t size;    /* NVTX_EVENT_ATTRIB_STRUCT_SIZE */
  uint32_t category;
  int32_t colorType; /* nvtxColorType_t */
  uint32_t color;
  int32_t payloadType; /* nvtxPayloadType_t */
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType; /* nvtxMessageType_t */
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef struct nvtxResourceAttributes_v0 {
  uint16_t version;
  uint16_t size;
  int32_t identifierType;
  union identifier_t {
    const void *pValue;
    uint64_t ullValue;
  } identifier;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;
#define NVTX_RESOURCE_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxResourceAttributes_t)))

/* An argument a no-op ignores (nvToolsExtCudaRt.h). */
#define ANCHOR_NVTX_UNUSED(x) ((void)(x))

/* ---- the injection interface (NVTX's ABI, for tools) ----------------------------------- */
typedef enum NvtxCallbackModule {
  NVTX_CB_MODULE_INVALID = 0,
  NVTX_CB_MODULE_CORE = 1,
  NVTX_CB_MODULE_CUDA = 2,
  NVTX_CB_MODULE_OPENCL = 3,
  NVTX_CB_MODULE_CUDART = 4,
  NVTX_CB_MODULE_CORE2 = 5,
  NVTX_CB_MODULE_SYNC = 6,
  NVTX_CB_MODULE_SIZE,
  NVTX_CB_MODULE_FORCE_INT = 0x7fffffff
} NvtxCallbackModule;
typedef enum NvtxCallbackIdCore {
  NVTX_CBID_CORE_INVALID = 0,
  NVTX_CBID_CORE_MarkEx = 1,
  NVTX_CBID_CORE_MarkA = 2,
  NVTX_CBID_CORE_MarkW = 3,
  NVTX_CBID_CORE_RangeStartEx = 4,
  NVTX_CBID_CORE_RangeStartA = 5,
  NVTX_CBID_CORE_RangeStartW = 6,
  NVTX_CBID_CORE_RangeEnd = 7,
  NVTX_CBID_CORE_RangePushEx = 8,
  NVTX_CBID_CORE_RangePushA = 9,
  NVTX_CBID_CORE_RangePushW = 10,
  NVTX_CBID_CORE_RangePop = 11,
  NVTX_CBID_CORE_NameCategoryA = 12,
  NVTX_CBID_CORE_NameCategoryW = 13,
  NVTX_CBID_CORE_NameOsThreadA = 14,
  NVTX_CBID_CORE_NameOsThreadW = 15,
  NVTX_CBID_CORE_SIZE,
  NVTX_CBID_CORE_FORCE_INT = 0x7fffffff
} NvtxCallbackIdCore;
typedef enum NvtxCallbackIdCore2 {
  NVTX_CBID_CORE2_INVALID = 0,
  NVTX_CBID_CORE2_DomainMarkEx = 1,
  NVTX_CBID_CORE2_DomainRangeStartEx = 2,
  NVTX_CBID_CORE2_DomainRangeEnd = 3,
  NVTX_CBID_CORE2_DomainRangePushEx = 4,
  NVTX_CBID_CORE2_DomainRangePop = 5,
  NVTX_CBID_CORE2_DomainResourceCreate = 6,
  NVTX_CBID_CORE2_DomainResourceDestroy = 7,
  NVTX_CBID_CORE2_DomainNameCategoryA = 8,
  NVTX_CBID_CORE2_DomainNameCategoryW = 9,
  NVTX_CBID_CORE2_DomainRegisterStringA = 10,
  NVTX_CBID_CORE2_DomainRegisterStringW = 11,
  NVTX_CBID_CORE2_DomainCreateA = 12,
  NVTX_CBID_CORE2_DomainCreateW = 13,
  NVTX_CBID_CORE2_DomainDestroy = 14,
  NVTX_CBID_CORE2_Initialize = 15,
  NVTX_CBID_CORE2_SIZE,
  NVTX_CBID_CORE2_FORCE_INT = 0x7fffffff
} NvtxCallbackIdCore2;
typedef enum NvtxExportTableID {
  NVTX_ETID_INVALID = 0,
  NVTX_ETID_CALLBACKS = 1,
  NVTX_ETID_RESERVED0 = 2,
  NVTX_ETID_VERSIONINFO = 3,
  NVTX_ETID_SIZE,
  NVTX_ETID_FORCE_INT = 0x7fffffff
} NvtxExportTableID;
/* A slot holds a function of the slot's own prototype, cast to this type. */
typedef void (*NvtxFunctionPointer)(void);
/* An array of pointers to a module's slots (index: callback id; 0 unused). */
typedef NvtxFunctionPointer **NvtxFunctionTable;
typedef struct NvtxExportTableCallbacks {
  size_t struct_size; /* sizeof(NvtxExportTableCallbacks) */
  /* A module's slots and their number; 1 on success, 0 for an unknown module. */
  int (*GetModuleFunctionTable)(NvtxCallbackModule module, NvtxFunctionTable *out_table,
                                unsigned int *out_size);
} NvtxExportTableCallbacks;
typedef const void *(*NvtxGetExportTableFunc_t)(uint32_t exportTableId);
/* A tool's entry point: fills slots through exportTable, returns nonzero on success. */
typedef int (*NvtxInitializeInjectionNvtxFunc_t)(NvtxGetExportTableFunc_t exportTable);

#ifndef NVTX_NO_IMPL

/* ---- this module's slots and their initialisation --------------------------------------- */
#if defined(__GNUC__) || defined(__clang__)
#define ANCHOR_NVTX_SHARED __attribute__((weak, visibility("hidden")))
#else
#error "nvtx3/nvToolsExt.h: Anchor's NVTX needs weak symbols (GCC, Clang)"
#endif

/* One per module (executable or shared object): every translation unit shares it. */
typedef struct anchor_nvtx_module {
  unsigned state; /* 0 fresh, 1 being initialised, 2 done */
  NvtxFunctionPointer core[NVTX_CBID_CORE_SIZE];
  NvtxFunctionPointer core2[NVTX_CBID_CORE2_SIZE];
  NvtxFunctionPointer *core_table[NVTX_CBID_CORE_SIZE];
  NvtxFunctionPointer *core2_table[NVTX_CBID_CORE2_SIZE];
} anchor_nvtx_module;
ANCHOR_NVTX_SHARED anchor_nvtx_module anchor_nvtx_globals;
/* A statically linked tool defines this (not weak) to its entry point, as in NVTX. */
ANCHOR_NVTX_SHARED NvtxInitializeInjectionNvtxFunc_t InitializeInjectionNvtx2_fnptr;

static inline int anchor_nvtx_module_table(NvtxCallbackModule module, NvtxFunctionTable *out_table,
                                           unsigned int *out_size) {
  if (!out_table || !out_size) return 0;
  if (module == NVTX_CB_MODULE_CORE) {
    *out_table = anchor_nvtx_globals.core_table;
    *out_size = NVTX_CBID_CORE_SIZE;
    return 1;
  }
  if (module == NVTX_CB_MODULE_CORE2) {
    *out_table = anchor_nvtx_globals.core2_table;
    *out_size = NVTX_CBID_CORE2_SIZE;
    return 1;
  }
  return 0; /* the CUDA, OpenCL, CUDART and sync modules: no slots here */
}

static inline const void *anchor_nvtx_export_table(uint32_t id) {
  static const NvtxExportTableCallbacks callbacks = {sizeof(NvtxExportTableCallbacks),
                                                     anchor_nvtx_module_table};
  return id == NVTX_ETID_CALLBACKS ? (const void *)&callbacks : NULL;
}

/* The tool's entry point: NVTX_INJECTION64_PATH's library (if set, only it),
 * else a statically linked one, else one the process has loaded. */
static inline NvtxInitializeInjectionNvtxFunc_t anchor_nvtx_find_tool(void **library) {
  union {
    void *object;
    NvtxInitializeInjectionNvtxFunc_t function;
  } entry = {NULL};
  const char *path =
      getenv(sizeof(void *) == 4 ? "NVTX_INJECTION32_PATH" : "NVTX_INJECTION64_PATH");
  *library = NULL;
  if (path && *path) {
    *library = dlopen(path, RTLD_LAZY);
    if (*library) entry.object = dlsym(*library, "InitializeInjectionNvtx2");
    return entry.function;
  }
  if (InitializeInjectionNvtx2_fnptr) return InitializeInjectionNvtx2_fnptr;
#ifdef RTLD_DEFAULT
  entry.object = dlsym(RTLD_DEFAULT, "InitializeInjectionNvtx2");
#else
  entry.object = dlsym((void *)0, "InitializeInjectionNvtx2"); /* glibc's RTLD_DEFAULT */
#endif
  return entry.function;
}

/* Once per module, on the first NVTX call (threads that race wait for the first). */
static inline void anchor_nvtx_init(void) {
  anchor_nvtx_module *g = &anchor_nvtx_globals;
  if (__atomic_load_n(&g->state, __ATOMIC_ACQUIRE) == 2) return;
  unsigned fresh = 0;
  if (!__atomic_compare_exchange_n(&g->state, &fresh, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    while (__atomic_load_n(&g->state, __ATOMIC_ACQUIRE) != 2)
      sched_yield();
    return;
  }
  for (unsigned i = 1; i < NVTX_CBID_CORE_SIZE; i++)
    g->core_table[i] = &g->core[i];
  for (unsigned i = 1; i < NVTX_CBID_CORE2_SIZE; i++)
    g->core2_table[i] = &g->core2[i];
  void *library;
  NvtxInitializeInjectionNvtxFunc_t tool = anchor_nvtx_find_tool(&library);
  if (!tool || !tool(anchor_nvtx_export_table)) { /* no tool: every call a no-op */
    for (unsigned i = 0; i < NVTX_CBID_CORE_SIZE; i++)
      g->core[i] = NULL;
    for (unsigned i = 0; i < NVTX_CBID_CORE2_SIZE; i++)
      g->core2[i] = NULL;
    if (library) dlclose(library);
  }
  __atomic_store_n(&g->state, 2, __ATOMIC_RELEASE);
}

/* The slot's function, or NULL (no tool, or the tool does not implement it). */
#define ANCHOR_NVTX_SLOT(table, id) (anchor_nvtx_init(), anchor_nvtx_globals.table[id])
#define ANCHOR_NVTX_CALL(table, id, type, args)                                                    \
  do {                                                                                             \
    NvtxFunctionPointer f_ = ANCHOR_NVTX_SLOT(table, id);                                          \
    if (f_) ((type)f_) args;                                                                       \
  } while (0)
#define ANCHOR_NVTX_RETURN(table, id, type, args, otherwise)                                       \
  do {                                                                                             \
    NvtxFunctionPointer f_ = ANCHOR_NVTX_SLOT(table, id);                                          \
    return f_ ? ((type)f_)args : (otherwise);                                                      \
  } while (0)

NVTX_INLINE_STATIC void nvtxInitialize(const void *reserved) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_Initialize, void (*)(const void *), (reserved));
}
/* marks */
NVTX_INLINE_STATIC void nvtxMarkEx(const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_MarkEx, void (*)(const nvtxEventAttributes_t *), (a));
}
NVTX_INLINE_STATIC void nvtxMarkA(const char *m) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_MarkA, void (*)(const char *), (m));
}
NVTX_INLINE_STATIC void nvtxMarkW(const wchar_t *m) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_MarkW, void (*)(const wchar_t *), (m));
}
/* start/end ranges (may cross threads) */
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangeStartEx,
                     nvtxRangeId_t(*)(const nvtxEventAttributes_t *), (a), 0);
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartA(const char *m) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangeStartA, nvtxRangeId_t(*)(const char *), (m), 0);
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartW(const wchar_t *m) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangeStartW, nvtxRangeId_t(*)(const wchar_t *), (m), 0);
}
NVTX_INLINE_STATIC void nvtxRangeEnd(nvtxRangeId_t id) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_RangeEnd, void (*)(nvtxRangeId_t), (id));
}
/* push/pop ranges (per thread, nested) */
NVTX_INLINE_STATIC int nvtxRangePushEx(const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangePushEx, int (*)(const nvtxEventAttributes_t *), (a),
                     NVTX_NO_PUSH_POP_TRACKING);
}
NVTX_INLINE_STATIC int nvtxRangePushA(const char *m) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangePushA, int (*)(const char *), (m),
                     NVTX_NO_PUSH_POP_TRACKING);
}
NVTX_INLINE_STATIC int nvtxRangePushW(const wchar_t *m) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangePushW, int (*)(const wchar_t *), (m),
                     NVTX_NO_PUSH_POP_TRACKING);
}
NVTX_INLINE_STATIC int nvtxRangePop(void) {
  ANCHOR_NVTX_RETURN(core, NVTX_CBID_CORE_RangePop, int (*)(void), (), NVTX_NO_PUSH_POP_TRACKING);
}
/* names */
NVTX_INLINE_STATIC void nvtxNameCategoryA(uint32_t category, const char *name) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_NameCategoryA, void (*)(uint32_t, const char *),
                   (category, name));
}
NVTX_INLINE_STATIC void nvtxNameCategoryW(uint32_t category, const wchar_t *name) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_NameCategoryW, void (*)(uint32_t, const wchar_t *),
                   (category, name));
}
NVTX_INLINE_STATIC void nvtxNameOsThreadA(uint32_t threadId, const char *name) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_NameOsThreadA, void (*)(uint32_t, const char *),
                   (threadId, name));
}
NVTX_INLINE_STATIC void nvtxNameOsThreadW(uint32_t threadId, const wchar_t *name) {
  ANCHOR_NVTX_CALL(core, NVTX_CBID_CORE_NameOsThreadW, void (*)(uint32_t, const wchar_t *),
                   (threadId, name));
}
/* domains: a null handle is NVTX's default domain */
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateA(const char *name) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainCreateA, nvtxDomainHandle_t(*)(const char *),
                     (name), NULL);
}
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainCreateW, nvtxDomainHandle_t(*)(const wchar_t *),
                     (name), NULL);
}
NVTX_INLINE_STATIC void nvtxDomainDestroy(nvtxDomainHandle_t d) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_DomainDestroy, void (*)(nvtxDomainHandle_t), (d));
}
NVTX_INLINE_STATIC void nvtxDomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_DomainMarkEx,
                   void (*)(nvtxDomainHandle_t, const nvtxEventAttributes_t *), (d, a));
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t d,
                                                        const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainRangeStartEx,
                     nvtxRangeId_t(*)(nvtxDomainHandle_t, const nvtxEventAttributes_t *), (d, a),
                     0);
}
NVTX_INLINE_STATIC void nvtxDomainRangeEnd(nvtxDomainHandle_t d, nvtxRangeId_t id) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_DomainRangeEnd,
                   void (*)(nvtxDomainHandle_t, nvtxRangeId_t), (d, id));
}
NVTX_INLINE_STATIC int nvtxDomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainRangePushEx,
                     int (*)(nvtxDomainHandle_t, const nvtxEventAttributes_t *), (d, a),
                     NVTX_NO_PUSH_POP_TRACKING);
}
NVTX_INLINE_STATIC int nvtxDomainRangePop(nvtxDomainHandle_t d) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainRangePop, int (*)(nvtxDomainHandle_t), (d),
                     NVTX_NO_PUSH_POP_TRACKING);
}
NVTX_INLINE_STATIC nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t d,
                                                                const char *s) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainRegisterStringA,
                     nvtxStringHandle_t(*)(nvtxDomainHandle_t, const char *), (d, s), NULL);
}
NVTX_INLINE_STATIC nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t d,
                                                                const wchar_t *s) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainRegisterStringW,
                     nvtxStringHandle_t(*)(nvtxDomainHandle_t, const wchar_t *), (d, s), NULL);
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryA(nvtxDomainHandle_t d, uint32_t category,
                                                const char *name) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_DomainNameCategoryA,
                   void (*)(nvtxDomainHandle_t, uint32_t, const char *), (d, category, name));
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryW(nvtxDomainHandle_t d, uint32_t category,
                                                const wchar_t *name) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_DomainNameCategoryW,
                   void (*)(nvtxDomainHandle_t, uint32_t, const wchar_t *), (d, category, name));
}
NVTX_INLINE_STATIC nvtxResourceHandle_t nvtxDomainResourceCreate(nvtxDomainHandle_t d,
                                                                 nvtxResourceAttributes_t *a) {
  ANCHOR_NVTX_RETURN(core2, NVTX_CBID_CORE2_DomainResourceCreate,
                     nvtxResourceHandle_t(*)(nvtxDomainHandle_t, nvtxResourceAttributes_t *),
                     (d, a), NULL);
}
NVTX_INLINE_STATIC void nvtxDomainResourceDestroy(nvtxResourceHandle_t r) {
  ANCHOR_NVTX_CALL(core2, NVTX_CBID_CORE2_DomainResourceDestroy, void (*)(nvtxResourceHandle_t),
                   (r));
}

#endif /* NVTX_NO_IMPL */

#endif
