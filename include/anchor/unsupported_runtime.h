/* anchor/unsupported_runtime.h — the CUDA runtime API functions that Anchor
 * declares but does not implement (yet, or at all on Metal), as one list:
 * X(name, (parameters), (zero arguments)). cuda_runtime_api.h declares each;
 * libanchor (runtime/cuda_unsupported.c) defines each to record and return
 * cudaErrorNotSupported, never a silent success; the test
 * tests/runtime/test_unsupported.c calls each with the zero arguments; and
 * docs/runtime.md ("Declared, not supported") says why for each. A function
 * that becomes implemented moves out of this list into its API file.
 * Parameters with CUDA's C++ default arguments use ANCHOR_DEFAULT. */
#ifndef ANCHOR_UNSUPPORTED_RUNTIME_H
#define ANCHOR_UNSUPPORTED_RUNTIME_H
#pragma GCC system_header

/* clang-format off */
#define ANCHOR_UNSUPPORTED_RUNTIME(X) \
  /* peers and inter-process sharing */ \
  X(cudaIpcGetMemHandle, (cudaIpcMemHandle_t *handle, void *devPtr), (NULL, NULL)) \
  X(cudaIpcOpenMemHandle, (void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags), \
    (NULL, (cudaIpcMemHandle_t){{0}}, 0)) \
  X(cudaIpcCloseMemHandle, (void *devPtr), (NULL)) \
  X(cudaIpcGetEventHandle, (cudaIpcEventHandle_t *handle, cudaEvent_t event), (NULL, NULL)) \
  X(cudaIpcOpenEventHandle, (cudaEvent_t *event, cudaIpcEventHandle_t handle), \
    (NULL, (cudaIpcEventHandle_t){{0}})) \
  /* stream attributes, clusters */ \
  X(cudaStreamSetAttribute, (cudaStream_t hStream, cudaLaunchAttributeID attr, \
                             const cudaLaunchAttributeValue *value), \
    (NULL, cudaStreamAttributeAccessPolicyWindow, NULL)) \
  X(cudaStreamGetAttribute, (cudaStream_t hStream, cudaLaunchAttributeID attr, \
                             cudaLaunchAttributeValue *value_out), \
    (NULL, cudaStreamAttributeAccessPolicyWindow, NULL)) \
  X(cudaStreamCopyAttributes, (cudaStream_t dst, cudaStream_t src), (NULL, NULL)) \
  X(cudaCtxResetPersistingL2Cache, (void), ()) \
  X(cudaOccupancyMaxPotentialClusterSize, (int *clusterSize, const void *func, \
                                            const cudaLaunchConfig_t *launchConfig), \
    (NULL, NULL, NULL)) \
  X(cudaOccupancyMaxActiveClusters, (int *numClusters, const void *func, \
                                     const cudaLaunchConfig_t *launchConfig), (NULL, NULL, NULL))
/* clang-format on */

#endif
