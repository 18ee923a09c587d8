// Built instead of cuda_backend.cc where CMake finds no CUDA toolkit: the CUDA backend is refused
// (GPUSCHED_RT_NO_BACKEND) with a message saying why.
#include "rt_internal.h"

namespace rt {

Backend *cuda_backend() { return nullptr; }

}  // namespace rt
