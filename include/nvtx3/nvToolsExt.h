/* nvtx3/nvToolsExt.h — the NVIDIA Tools Extension (NVTX v3) C API: marks,
 * ranges (start/end and push/pop), domains, registered strings, category
 * and OS-thread names, as NVTX's public documentation defines them.
 *
 * NVTX calls only annotate a program for a profiler that is attached to it;
 * with none attached they do nothing and return what NVTX returns then
 * (push/pop: NVTX_NO_PUSH_POP_TRACKING, range ids and handles: 0). Anchor
 * attaches no tool: mapping ranges and marks to Metal debug groups and
 * signposts while a Metal capture runs is not done yet (docs/runtime.md),
 * so every function here is an inline no-op. Header-only, as NVTX v3 is:
 * nothing to link. Written for Anchor from the NVTX documentation; valid
 * C17 and C++, host and device side (calls sit in host code). */
#ifndef ANCHOR_NVTOOLSEXT_H
#define ANCHOR_NVTOOLSEXT_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

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

/* Every argument is accepted and ignored: no tool is attached. */
#define ANCHOR_NVTX_UNUSED(x) ((void)(x))

NVTX_INLINE_STATIC void nvtxInitialize(const void *reserved) {
  ANCHOR_NVTX_UNUSED(reserved);
}
/* marks */
NVTX_INLINE_STATIC void nvtxMarkEx(const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(a);
}
NVTX_INLINE_STATIC void nvtxMarkA(const char *m) {
  ANCHOR_NVTX_UNUSED(m);
}
NVTX_INLINE_STATIC void nvtxMarkW(const wchar_t *m) {
  ANCHOR_NVTX_UNUSED(m);
}
/* start/end ranges (may cross threads) */
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(a);
  return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartA(const char *m) {
  ANCHOR_NVTX_UNUSED(m);
  return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartW(const wchar_t *m) {
  ANCHOR_NVTX_UNUSED(m);
  return 0;
}
NVTX_INLINE_STATIC void nvtxRangeEnd(nvtxRangeId_t id) {
  ANCHOR_NVTX_UNUSED(id);
}
/* push/pop ranges (per thread, nested) */
NVTX_INLINE_STATIC int nvtxRangePushEx(const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(a);
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushA(const char *m) {
  ANCHOR_NVTX_UNUSED(m);
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushW(const wchar_t *m) {
  ANCHOR_NVTX_UNUSED(m);
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePop(void) {
  return NVTX_NO_PUSH_POP_TRACKING;
}
/* names */
NVTX_INLINE_STATIC void nvtxNameCategoryA(uint32_t category, const char *name) {
  ANCHOR_NVTX_UNUSED(category), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameCategoryW(uint32_t category, const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(category), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameOsThreadA(uint32_t threadId, const char *name) {
  ANCHOR_NVTX_UNUSED(threadId), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxNameOsThreadW(uint32_t threadId, const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(threadId), ANCHOR_NVTX_UNUSED(name);
}
/* domains: a null handle is NVTX's default domain */
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateA(const char *name) {
  ANCHOR_NVTX_UNUSED(name);
  return NULL;
}
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(name);
  return NULL;
}
NVTX_INLINE_STATIC void nvtxDomainDestroy(nvtxDomainHandle_t d) {
  ANCHOR_NVTX_UNUSED(d);
}
NVTX_INLINE_STATIC void nvtxDomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(a);
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t d,
                                                        const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(a);
  return 0;
}
NVTX_INLINE_STATIC void nvtxDomainRangeEnd(nvtxDomainHandle_t d, nvtxRangeId_t id) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(id);
}
NVTX_INLINE_STATIC int nvtxDomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(a);
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxDomainRangePop(nvtxDomainHandle_t d) {
  ANCHOR_NVTX_UNUSED(d);
  return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t d,
                                                                const char *s) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(s);
  return NULL;
}
NVTX_INLINE_STATIC nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t d,
                                                                const wchar_t *s) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(s);
  return NULL;
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryA(nvtxDomainHandle_t d, uint32_t category,
                                                const char *name) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(category), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryW(nvtxDomainHandle_t d, uint32_t category,
                                                const wchar_t *name) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(category), ANCHOR_NVTX_UNUSED(name);
}
NVTX_INLINE_STATIC nvtxResourceHandle_t nvtxDomainResourceCreate(nvtxDomainHandle_t d,
                                                                 nvtxResourceAttributes_t *a) {
  ANCHOR_NVTX_UNUSED(d), ANCHOR_NVTX_UNUSED(a);
  return NULL;
}
NVTX_INLINE_STATIC void nvtxDomainResourceDestroy(nvtxResourceHandle_t r) {
  ANCHOR_NVTX_UNUSED(r);
}

#endif
