# anchor_cuda_library(NAME VERSION <major.minor> SOVERSION <n>
#                     HOST <C sources> KERNELS <CUDA sources> [TABLES <C sources>]
#                     [MAP <version script>])
#
# Builds lib<NAME>.so, one of Anchor's implementations of NVIDIA's libraries (cuBLAS,
# cuRAND, cuFFT: docs/libraries.md), as NVIDIA ships them: its host side C17 that calls
# the CUDA runtime API (libanchor), its kernels CUDA sources compiled by the anchorcc of
# this build (-c: each object carries its device module and registers it when the
# library loads, as an nvcc-built library does). Users link it as with NVIDIA's toolkit:
# anchorcc app.cu -lcublas (anchorcc passes -L<root>/lib), or CUDA::cublas through
# find_package(CUDAToolkit). TABLES: C sources made of large constant tables (cuRAND's
# Sobol direction vectors, 1.9 million initializers from rocRAND's headers), compiled by
# LLVM 19's clang: GCC 12 spends about 6 minutes of CPU on that file, clang 3 seconds.
function(anchor_cuda_library name)
  cmake_parse_arguments(PARSE_ARGV 1 LIB "" "VERSION;SOVERSION;MAP" "HOST;KERNELS;TABLES")
  set(objects)
  file(GLOB_RECURSE lib_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/*.h
       ${CMAKE_CURRENT_SOURCE_DIR}/*.h ${CMAKE_CURRENT_SOURCE_DIR}/*.cuh)
  foreach(src ${LIB_KERNELS})
    get_filename_component(base ${src} NAME_WE)
    set(obj ${CMAKE_CURRENT_BINARY_DIR}/${base}.cu.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND $<TARGET_FILE:anchorcc> -O2 -Werror all-warnings -Xcompiler -fPIC,-Wall,-Wextra
              -I${CMAKE_CURRENT_SOURCE_DIR} -c ${CMAKE_CURRENT_SOURCE_DIR}/${src} -o ${obj}
      DEPENDS anchorcc anchor_headers devlib ${CMAKE_CURRENT_SOURCE_DIR}/${src} ${lib_headers}
      COMMENT "Compiling ${name} kernels ${src} with anchorcc")
    list(APPEND objects ${obj})
  endforeach()
  foreach(src ${LIB_TABLES})
    get_filename_component(base ${src} NAME_WE)
    set(obj ${CMAKE_CURRENT_BINARY_DIR}/${base}.table.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${LLVM_BINDIR}/clang -x c -std=c17 -O2 -fPIC -Wall -Wextra -Werror -D_GNU_SOURCE
              -I${PROJECT_SOURCE_DIR}/include -I${CMAKE_CURRENT_SOURCE_DIR}
              -c ${CMAKE_CURRENT_SOURCE_DIR}/${src} -o ${obj}
      DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${src} ${lib_headers}
      IMPLICIT_DEPENDS C ${CMAKE_CURRENT_SOURCE_DIR}/${src}
      COMMENT "Compiling ${name} tables ${src} with clang")
    list(APPEND objects ${obj})
  endforeach()
  add_library(${name} SHARED ${LIB_HOST} ${objects})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/include ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${name} PRIVATE anchor m)
  if(LIB_MAP)
    target_link_options(${name} PRIVATE "-Wl,--version-script=${CMAKE_CURRENT_SOURCE_DIR}/${LIB_MAP}")
    set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${LIB_MAP})
  endif()
  set_target_properties(${name} PROPERTIES VERSION ${LIB_VERSION} SOVERSION ${LIB_SOVERSION})
  install(TARGETS ${name} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endfunction()
