// cpu backend: a kernel's `#include <assert.h>` (or <cassert>, which includes it) lands here
// (this folder is on the host compiler's include path only). glibc's assert() aborts the whole
// process; here a failed assertion throws, so the launch fails with a KernelError naming it, as
// a device-side assert fails the launch on the GPU. No include guard: <assert.h> is read again
// at each include (NDEBUG may change in between), and so is this.
#include_next <assert.h>
#if defined(__cplusplus) && !defined(NDEBUG)
#include <stdexcept>
#include <string>
namespace gpa_host {
[[noreturn]] inline void assert_fail(const char* expr, const char* file, unsigned line, const char* func) {
  throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + func + ": Assertion `" + expr + "' failed.");
}
}  // namespace gpa_host
#undef assert
#define assert(expr) (static_cast<bool>(expr) ? void(0) : ::gpa_host::assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif
