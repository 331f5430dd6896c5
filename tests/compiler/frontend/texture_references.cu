// Texture and surface references were removed in CUDA 12 (nvcc 12/13 reject them):
// using one is an error at the user's line that names it (texture_fetch_functions.h,
// surface_functions.h). The templates are not declared, as in CUDA 12's headers, so
// programs may name their own things `texture` and `surface`.
texture<float, 2, cudaReadModeElementType> image;
surface<void, 2> target;

__global__ void surface(float *texture) { texture[threadIdx.x] = 0.0f; }

void bind(cudaArray_t a) {
  cudaBindTextureToArray(0, a);
  cudaUnbindTexture(0);
  cudaBindSurfaceToArray(0, a);
}
// ERR: texture_references.cu:5:1: error: no template named 'texture'
// ERR: texture_references.cu:6:1: error: no template named 'surface'
// ERR-NOT: texture_references.cu:8
// ERR: texture_references.cu:11:3: error: 'cudaBindTextureToArray' is unavailable: texture references were removed in CUDA 12 and are not supported by Anchor: use a texture object (cudaTextureObject_t, cudaCreateTextureObject, tex2D<T>(object, x, y))
// ERR: texture_references.cu:12:3: error: 'cudaUnbindTexture' is unavailable
// ERR: texture_references.cu:13:3: error: 'cudaBindSurfaceToArray' is unavailable: surface references were removed in CUDA 12
