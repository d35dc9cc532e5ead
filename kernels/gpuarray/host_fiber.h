// Cooperative kernels on the cpu backend, part 1: user-space contexts (fibers). Host only,
// included (through host_coop.h) only by programs that use barriers or warp intrinsics, so other
// kernels keep the plain loop of host_shim.h.
//
// A context switch saves the callee-saved registers on the current stack, stores the stack
// pointer and loads another: a few nanoseconds, no system call (swapcontext would make a
// signal-mask syscall per switch). x86-64 and aarch64 have their own few lines of assembly;
// other targets fall back to <ucontext.h>.
#pragma once
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>

namespace gpa_host {
namespace fiber {

/** Stack per fiber (one per CUDA thread of a block): 256 KiB of address space reserved, pages
 * committed only when touched (a kernel's locals use a few KiB), with a guard page below it so an
 * overflow faults instead of corrupting the next stack. */
static const size_t kStackBytes = 256 * 1024;

typedef void (*Entry)(void*);

}  // namespace fiber
}  // namespace gpa_host

#if (defined(__x86_64__) || defined(__aarch64__)) && defined(__ELF__)
#define GPA_FIBER_ASM 1
extern "C" void gpa_fiber_switch(void** save_sp, void* next_sp) __attribute__((visibility("hidden")));
extern "C" void gpa_fiber_start() __attribute__((visibility("hidden")));
#endif

#if defined(GPA_FIBER_ASM) && defined(__x86_64__)
// System V: rbx, rbp, r12-r15 are callee-saved (the kernels never change MXCSR or the x87 control word).
__asm__(
    ".pushsection .text\n"
    ".globl gpa_fiber_switch\n.hidden gpa_fiber_switch\n.type gpa_fiber_switch,@function\n"
    "gpa_fiber_switch:\n"
    "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
    "  ret\n"
    ".size gpa_fiber_switch,.-gpa_fiber_switch\n"
    // First entry of a fiber: r12 = argument, r13 = function (both set up by make()); never returns.
    ".globl gpa_fiber_start\n.hidden gpa_fiber_start\n.type gpa_fiber_start,@function\n"
    "gpa_fiber_start:\n"
    "  movq %r12, %rdi\n"
    "  callq *%r13\n"
    "  ud2\n"
    ".size gpa_fiber_start,.-gpa_fiber_start\n"
    ".popsection\n");
#elif defined(GPA_FIBER_ASM) && defined(__aarch64__)
// AAPCS64: x19-x29, x30 (lr) and d8-d15 are callee-saved.
__asm__(
    ".pushsection .text\n"
    ".globl gpa_fiber_switch\n.hidden gpa_fiber_switch\n.type gpa_fiber_switch,%function\n"
    "gpa_fiber_switch:\n"
    "  sub sp, sp, #160\n"
    "  stp x19, x20, [sp, #0]\n  stp x21, x22, [sp, #16]\n  stp x23, x24, [sp, #32]\n"
    "  stp x25, x26, [sp, #48]\n  stp x27, x28, [sp, #64]\n  stp x29, x30, [sp, #80]\n"
    "  stp d8, d9, [sp, #96]\n  stp d10, d11, [sp, #112]\n  stp d12, d13, [sp, #128]\n  stp d14, d15, [sp, #144]\n"
    "  mov x2, sp\n  str x2, [x0]\n  mov sp, x1\n"
    "  ldp x19, x20, [sp, #0]\n  ldp x21, x22, [sp, #16]\n  ldp x23, x24, [sp, #32]\n"
    "  ldp x25, x26, [sp, #48]\n  ldp x27, x28, [sp, #64]\n  ldp x29, x30, [sp, #80]\n"
    "  ldp d8, d9, [sp, #96]\n  ldp d10, d11, [sp, #112]\n  ldp d12, d13, [sp, #128]\n  ldp d14, d15, [sp, #144]\n"
    "  add sp, sp, #160\n"
    "  ret\n"
    ".size gpa_fiber_switch,.-gpa_fiber_switch\n"
    ".globl gpa_fiber_start\n.hidden gpa_fiber_start\n.type gpa_fiber_start,%function\n"
    "gpa_fiber_start:\n"
    "  mov x0, x19\n"
    "  blr x20\n"
    "  brk #0\n"
    ".size gpa_fiber_start,.-gpa_fiber_start\n"
    ".popsection\n");
#else
#include <ucontext.h>
#endif

namespace gpa_host {
namespace fiber {

/** A saved context: the stack pointer (assembly switch) or a ucontext (fallback). */
struct Context {
#ifdef GPA_FIBER_ASM
  void* sp = nullptr;
#else
  ucontext_t uc;
#endif
};

#if !defined(GPA_FIBER_ASM)
inline void ucontext_entry(unsigned fh, unsigned fl, unsigned ah, unsigned al) {
  Entry fn = reinterpret_cast<Entry>(((unsigned long long)fh << 32) | fl);
  fn(reinterpret_cast<void*>(((unsigned long long)ah << 32) | al));
}
#endif

/** Switch from `from` (saved here) to `to`. */
inline void switch_to(Context& from, Context& to) {
  // Memory written before the switch is seen by the next fiber (shared memory is static storage).
  __asm__ __volatile__("" ::: "memory");
#ifdef GPA_FIBER_ASM
  gpa_fiber_switch(&from.sp, to.sp);
#else
  swapcontext(&from.uc, &to.uc);
#endif
  __asm__ __volatile__("" ::: "memory");
}

/** Make `c` start `fn(arg)` on the stack [base, base + bytes) at the next switch to it. Cheap (a
 * few stores with the assembly switch), so a fiber is remade for every block it runs. */
inline void make(Context& c, char* base, size_t bytes, Entry fn, void* arg) {
#if defined(GPA_FIBER_ASM) && defined(__x86_64__)
  // Popped by gpa_fiber_switch: r15, r14, r13 (fn), r12 (arg), rbx, rbp, then `ret` to gpa_fiber_start
  // with the stack 16-byte aligned, as a call site leaves it.
  void** top = reinterpret_cast<void**>(base + bytes);
  top[-1] = reinterpret_cast<void*>(&gpa_fiber_start);
  top[-2] = nullptr;  // rbp
  top[-3] = nullptr;  // rbx
  top[-4] = arg;      // r12
  top[-5] = reinterpret_cast<void*>(fn);  // r13
  top[-6] = nullptr;  // r14
  top[-7] = nullptr;  // r15
  c.sp = top - 7;
#elif defined(GPA_FIBER_ASM) && defined(__aarch64__)
  // 160-byte frame popped by gpa_fiber_switch: x19 = arg, x20 = fn, x29 = 0, x30 = gpa_fiber_start.
  void** frame = reinterpret_cast<void**>(base + bytes - 160);
  for (int i = 0; i < 20; ++i) frame[i] = nullptr;
  frame[0] = arg;
  frame[1] = reinterpret_cast<void*>(fn);
  frame[11] = reinterpret_cast<void*>(&gpa_fiber_start);
  c.sp = frame;
#else
  getcontext(&c.uc);
  c.uc.uc_stack.ss_sp = base;
  c.uc.uc_stack.ss_size = bytes;
  c.uc.uc_link = nullptr;
  // makecontext passes int arguments: the pointer goes in two halves.
  const unsigned long long a = reinterpret_cast<unsigned long long>(arg);
  const unsigned long long f = reinterpret_cast<unsigned long long>(fn);
  makecontext(&c.uc, reinterpret_cast<void (*)()>(&ucontext_entry), 4, (unsigned)(f >> 32), (unsigned)f, (unsigned)(a >> 32), (unsigned)a);
#endif
}

/** Fiber stacks of one OS thread, reserved once and reused by every block it runs. */
class Stacks {
 public:
  ~Stacks() {
    if (base_) munmap(base_, count_ * stride());
  }
  /** The stack of fiber `i` (0 <= i < count()); false when the memory could not be reserved. */
  bool reserve(unsigned n) {
    if (n <= count_) return true;
    if (base_) munmap(base_, count_ * stride());
    base_ = nullptr;
    count_ = 0;
    void* p = mmap(nullptr, n * stride(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) return false;
    base_ = static_cast<char*>(p);
    count_ = n;
    for (unsigned i = 0; i < n; ++i) mprotect(base_ + i * stride(), page(), PROT_NONE);  // guard pages
    return true;
  }
  char* stack(unsigned i) const { return base_ + i * stride() + page(); }
  static size_t page() {
    static const size_t p = (size_t)sysconf(_SC_PAGESIZE);
    return p;
  }

 private:
  static size_t stride() { return kStackBytes + page(); }
  char* base_ = nullptr;
  unsigned count_ = 0;
};

}  // namespace fiber
}  // namespace gpa_host
