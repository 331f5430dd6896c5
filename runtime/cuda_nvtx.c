/* runtime/cuda_nvtx.c — libanchor as an NVTX tool (docs/runtime.md "NVTX"):
 * InitializeInjectionNvtx2, NVTX v3's injection entry point, fills the slots of
 * the calling module's marks and ranges (NVTX_CB_MODULE_CORE, _CORE2: NVTX's
 * callback ids) with functions that record them in the core (core_nvtx.c).
 * Anchor's nvtx3/nvToolsExt.h finds it among the process's symbols; with
 * NVIDIA's headers, NVTX_INJECTION64_PATH=<libanchor> selects it. Domains and
 * registered strings are small objects of this file, never freed while the
 * process runs (NVTX handles may outlive nvtxDomainDestroy in other threads'
 * calls). Category and thread names and resources are accepted and change
 * nothing. Thread-safe; never takes the runtime's lock. */
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define NVTX_NO_IMPL
#include "core.h"
#include "nvtx3/nvToolsExt.h"

/* A registered string or a domain: its text. */
typedef struct {
  char *text;
} rt_nvtx_name;

static rt_nvtx_name *rt_name_new(const char *text) {
  rt_nvtx_name *n = malloc(sizeof *n);
  if (!n) return NULL;
  n->text = strdup(text ? text : "");
  if (!n->text) {
    free(n);
    return NULL;
  }
  return n;
}

/* A wide string as the C library's multibyte form (NULL when it cannot be converted). */
static char *rt_narrow(const wchar_t *wide) {
  if (!wide) return NULL;
  size_t bytes = wcstombs(NULL, wide, 0);
  if (bytes == (size_t)-1) return NULL;
  char *text = malloc(bytes + 1);
  if (text) wcstombs(text, wide, bytes + 1);
  return text;
}

/* The message of an event's attributes; *owned is what the caller frees. */
static const char *rt_message(const nvtxEventAttributes_t *a, char **owned) {
  *owned = NULL;
  if (!a) return "";
  switch (a->messageType) {
  case NVTX_MESSAGE_TYPE_ASCII: return a->message.ascii ? a->message.ascii : "";
  case NVTX_MESSAGE_TYPE_UNICODE:
    *owned = rt_narrow(a->message.unicode);
    return *owned ? *owned : "";
  case NVTX_MESSAGE_TYPE_REGISTERED: {
    const rt_nvtx_name *n = (const rt_nvtx_name *)(const void *)a->message.registered;
    return n ? n->text : "";
  }
  default: return "";
  }
}

/* ---- marks ------------------------------------------------------------------------------ */
static void rt_mark_a(const char *m) {
  rt_nvtx_mark(m);
}
static void rt_mark_w(const wchar_t *m) {
  char *text = rt_narrow(m);
  rt_nvtx_mark(text);
  free(text);
}
static void rt_mark_ex(const nvtxEventAttributes_t *a) {
  char *owned;
  rt_nvtx_mark(rt_message(a, &owned));
  free(owned);
}
static void rt_domain_mark_ex(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  rt_mark_ex(a);
}

/* ---- start/end ranges ---------------------------------------------------------------- */
static nvtxRangeId_t rt_start_a(const char *m) {
  return rt_nvtx_start(m);
}
static nvtxRangeId_t rt_start_w(const wchar_t *m) {
  char *text = rt_narrow(m);
  nvtxRangeId_t id = rt_nvtx_start(text);
  free(text);
  return id;
}
static nvtxRangeId_t rt_start_ex(const nvtxEventAttributes_t *a) {
  char *owned;
  nvtxRangeId_t id = rt_nvtx_start(rt_message(a, &owned));
  free(owned);
  return id;
}
static nvtxRangeId_t rt_domain_start_ex(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d; /* ids are unique in the process, whatever the domain */
  return rt_start_ex(a);
}
static void rt_end(nvtxRangeId_t id) {
  rt_nvtx_end(id);
}
static void rt_domain_end(nvtxDomainHandle_t d, nvtxRangeId_t id) {
  (void)d;
  rt_nvtx_end(id);
}

/* ---- push/pop ranges (per thread and domain) --------------------------------------- */
static int rt_push_a(const char *m) {
  return rt_nvtx_push(NULL, m);
}
static int rt_push_w(const wchar_t *m) {
  char *text = rt_narrow(m);
  int level = rt_nvtx_push(NULL, text);
  free(text);
  return level;
}
static int rt_push_ex(const nvtxEventAttributes_t *a) {
  char *owned;
  int level = rt_nvtx_push(NULL, rt_message(a, &owned));
  free(owned);
  return level;
}
static int rt_pop(void) {
  return rt_nvtx_pop(NULL);
}
static int rt_domain_push_ex(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  char *owned;
  int level = rt_nvtx_push(d, rt_message(a, &owned));
  free(owned);
  return level;
}
static int rt_domain_pop(nvtxDomainHandle_t d) {
  return rt_nvtx_pop(d);
}

/* ---- domains and registered strings ------------------------------------------------ */
static nvtxDomainHandle_t rt_domain_create_a(const char *name) {
  return (nvtxDomainHandle_t)(void *)rt_name_new(name);
}
static nvtxDomainHandle_t rt_domain_create_w(const wchar_t *name) {
  char *text = rt_narrow(name);
  nvtxDomainHandle_t d = rt_domain_create_a(text);
  free(text);
  return d;
}
static void rt_domain_destroy(nvtxDomainHandle_t d) {
  (void)d; /* kept: a handle may still be in use by another thread's call */
}
static nvtxStringHandle_t rt_register_a(nvtxDomainHandle_t d, const char *s) {
  (void)d;
  return (nvtxStringHandle_t)(void *)rt_name_new(s);
}
static nvtxStringHandle_t rt_register_w(nvtxDomainHandle_t d, const wchar_t *s) {
  char *text = rt_narrow(s);
  nvtxStringHandle_t h = rt_register_a(d, text);
  free(text);
  return h;
}

/* Fills slot id of a module's table when the module has it. */
static void rt_fill(NvtxFunctionTable table, unsigned size, unsigned id, NvtxFunctionPointer f) {
  if (id < size && table[id]) *table[id] = f;
}
#define RT_FN(f) ((NvtxFunctionPointer)(void (*)(void))(f))

/* NVTX v3's injection entry point (exported: libanchor.map): 1 when the
 * module's core slots are ours. */
int InitializeInjectionNvtx2(NvtxGetExportTableFunc_t get_export_table);
int InitializeInjectionNvtx2(NvtxGetExportTableFunc_t get_export_table) {
  const NvtxExportTableCallbacks *callbacks =
      get_export_table ? get_export_table(NVTX_ETID_CALLBACKS) : NULL;
  if (!callbacks || callbacks->struct_size < sizeof *callbacks ||
      !callbacks->GetModuleFunctionTable)
    return 0;
  NvtxFunctionTable core = NULL, core2 = NULL;
  unsigned core_size = 0, core2_size = 0;
  if (!callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE, &core, &core_size) || !core) return 0;
  rt_fill(core, core_size, NVTX_CBID_CORE_MarkEx, RT_FN(rt_mark_ex));
  rt_fill(core, core_size, NVTX_CBID_CORE_MarkA, RT_FN(rt_mark_a));
  rt_fill(core, core_size, NVTX_CBID_CORE_MarkW, RT_FN(rt_mark_w));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangeStartEx, RT_FN(rt_start_ex));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangeStartA, RT_FN(rt_start_a));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangeStartW, RT_FN(rt_start_w));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangeEnd, RT_FN(rt_end));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangePushEx, RT_FN(rt_push_ex));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangePushA, RT_FN(rt_push_a));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangePushW, RT_FN(rt_push_w));
  rt_fill(core, core_size, NVTX_CBID_CORE_RangePop, RT_FN(rt_pop));
  if (callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE2, &core2, &core2_size) && core2) {
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainMarkEx, RT_FN(rt_domain_mark_ex));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainRangeStartEx, RT_FN(rt_domain_start_ex));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainRangeEnd, RT_FN(rt_domain_end));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainRangePushEx, RT_FN(rt_domain_push_ex));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainRangePop, RT_FN(rt_domain_pop));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainRegisterStringA, RT_FN(rt_register_a));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainRegisterStringW, RT_FN(rt_register_w));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainCreateA, RT_FN(rt_domain_create_a));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainCreateW, RT_FN(rt_domain_create_w));
    rt_fill(core2, core2_size, NVTX_CBID_CORE2_DomainDestroy, RT_FN(rt_domain_destroy));
  }
  rt_nvtx_enable();
  return 1;
}
