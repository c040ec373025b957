//===-- cuconform: your own kernel in a few named lines -------------------===//
// A kernel unit (kernel_unit.h) for a kernel of your own: the sizes to run,
// your launch, your host answer. The harness owns the buffers (guarded on
// both sides, the output filled with a sentinel), runs every launch twice and
// compares the output bitwise with the host answer.
//
//   #include "cuconform/kernel_function.h"
//   #include "mylib/scale.cuh"
//
//   struct scale {
//     using In = float; using Out = float;
//     static constexpr std::size_t sizes[] = {0, 1, 100000};
//     static constexpr unsigned block = mylib::kBlock;
//     static void launch(std::size_t n, const In* in, Out* out, cudaStream_t s) { mylib::scale(in, out, n, s); }
//     static void reference(std::size_t n, const In* in, Out* out) { for (std::size_t i = 0; i < n; ++i) out[i] = 2 * in[i]; }
//   };
//   CUCONFORM_KERNEL(scale)
//
// The members:
//   In, Out      element types of the input and output buffers
//   sizes        the element counts to run; the framework adds the tails
//                around block multiples: 0, 1, and k*block - 1, k*block,
//                k*block + 1 for k = 1, 2 and for the largest multiple of
//                block up to the largest size (block: yours, else 32 and 256)
//   launch       your code on `n` elements, on stream `s` (the buffers are
//                device memory); n may be 0
//   reference    the host answer on the same buffers. `out` arrives filled
//                with the harness's sentinel: every element your kernel writes,
//                the answer writes too (the rest must stay the sentinel)
// Optional:
//   block        the block (or tile) size whose multiples the tails surround
//   tails = false   run `sizes` only
//   in_size(n), out_size(n)  buffer lengths for n elements (default n; e.g. one
//                output per block: out_size(n) = (n + block - 1) / block)
//   cases()      std::vector<KernelCase> of your own (parameters p0..p2 beside
//                n): replaces sizes and tails; launch and reference then take
//                the KernelCase (const KernelCase& c: c.n, c.p0, ...)
//   more_forms   Forms<...> of full kernel forms (kernel_unit.h: name, role,
//                launch(const KernelCase&, ...), observed, reported_by), run
//                after yours: a legacy path, a planted defect
//   role         Role::recommended by default
//   info         a UnitInfo of your own; by default "user kernel": catalog id
//                "user", Kind::kernel, any compute capability
//   anything else a kernel unit may define (observe, check_bounds,
//                codegen, ...): the registered unit derives from your struct.
// A Role::warned form is graded like any other (a wrong answer fails) unless
// it is marked observed (kernel_unit.h).
//
// CUCONFORM_KERNEL(name) registers the unit <name> (in a nested namespace
// cuconform_units, so it may share your struct's name) with one form named
// <name>: ctest runs <profile>/scale.gpu (batched with other units' GPU tests).
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include "cuconform/kernel_unit.h"

namespace cuconform::kernel_function_detail {

template <class S, class = void> struct has_info : std::false_type {};
template <class S> struct has_info<S, std::void_t<decltype(S::info)>> : std::true_type {};
template <class S, class = void> struct has_role : std::false_type {};
template <class S> struct has_role<S, std::void_t<decltype(S::role)>> : std::true_type {};
template <class S, class = void> struct has_block : std::false_type {};
template <class S> struct has_block<S, std::void_t<decltype(S::block)>> : std::true_type {};
template <class S, class = void> struct has_tails : std::false_type {};
template <class S> struct has_tails<S, std::void_t<decltype(S::tails)>> : std::true_type {};
template <class S, class = void> struct has_cases : std::false_type {};
template <class S> struct has_cases<S, std::void_t<decltype(S::cases())>> : std::true_type {};
template <class S, class = void> struct has_in_size : std::false_type {};
template <class S> struct has_in_size<S, std::void_t<decltype(S::in_size(std::size_t{}))>> : std::true_type {};
template <class S, class = void> struct has_out_size : std::false_type {};
template <class S> struct has_out_size<S, std::void_t<decltype(S::out_size(std::size_t{}))>> : std::true_type {};
template <class S, class = void> struct more_forms_of { using type = Forms<>; };
template <class S> struct more_forms_of<S, std::void_t<typename S::more_forms>> { using type = typename S::more_forms; };

template <class S> constexpr Role role_of() {
  if constexpr (has_role<S>::value) return S::role; else return Role::recommended;
}

template <class S> constexpr UnitInfo info_of(const char* slug, const char* name) {
  if constexpr (has_info<S>::value) return S::info;
  else return UnitInfo{slug, "user", name, "", 0, Kind::kernel, 0};
}

/// `sizes` with the tails around multiples of each block (0, 1, k*b - 1,
/// k*b, k*b + 1 for k = 1, 2 and for the largest multiple up to the largest
/// size), ascending, each once, as cases "n=<size>" (tails off: `sizes` as given).
inline std::vector<KernelCase> sized_cases(std::vector<std::size_t> sizes, const std::vector<std::size_t>& blocks,
                                           bool tails) {
  if (tails) {
    const std::size_t largest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
    std::vector<std::size_t> extra{0, 1};
    for (std::size_t b : blocks) {
      if (b == 0) continue;
      const std::size_t top = largest / b;
      for (std::size_t k : {std::size_t(1), std::size_t(2), top})
        if (k > 0) extra.insert(extra.end(), {k * b - 1, k * b, k * b + 1});
    }
    sizes.insert(sizes.end(), extra.begin(), extra.end());
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  }
  std::vector<KernelCase> c;
  for (std::size_t n : sizes) c.push_back({"n=" + std::to_string(n), n});
  return c;
}

template <class... A, class... B> Forms<A..., B...> join(Forms<A...>, Forms<B...>);

/// What CUCONFORM_KERNEL registers for the user's struct S: a kernel unit
/// (kernel_unit.h) whose first form runs S::launch. The registration adds
/// info and the form's name.
template <class S>
struct Unit : S {
  using In = typename S::In;
  using Out = typename S::Out;
  static std::vector<KernelCase> cases() {
    if constexpr (has_cases<S>::value) {
      return S::cases();
    } else {
      std::vector<std::size_t> blocks{32, 256};
      if constexpr (has_block<S>::value) blocks = {static_cast<std::size_t>(S::block)};
      bool tails = true;
      if constexpr (has_tails<S>::value) tails = S::tails;
      return sized_cases(std::vector<std::size_t>(std::begin(S::sizes), std::end(S::sizes)), blocks, tails);
    }
  }
  static std::size_t in_size(const KernelCase& c) {
    if constexpr (has_cases<S>::value) return S::in_size(c);
    else if constexpr (has_in_size<S>::value) return S::in_size(c.n);
    else return c.n;
  }
  static std::size_t out_size(const KernelCase& c) {
    if constexpr (has_cases<S>::value) return S::out_size(c);
    else if constexpr (has_out_size<S>::value) return S::out_size(c.n);
    else return c.n;
  }
  static void reference(const KernelCase& c, const In* in, Out* out, int) {
    if constexpr (has_cases<S>::value) S::reference(c, in, out);
    else S::reference(c.n, in, out);
  }
  /// The user's kernel as a form (the registration names it).
  struct Form : RoleOf<role_of<S>()> {
    static void launch(const KernelCase& c, const In* in, Out* out, cudaStream_t s) {
      if constexpr (has_cases<S>::value) S::launch(c, in, out, s);
      else S::launch(c.n, in, out, s);
    }
  };
  template <class F> using forms_with = decltype(join(Forms<F>{}, typename more_forms_of<S>::type{}));
};

}  // namespace cuconform::kernel_function_detail

/// The kernel unit <Name> for the struct Name: see the top of this file.
#define CUCONFORM_KERNEL(Name)                                                                         \
  using cuconform_kernel_spec_##Name = Name;                                                           \
  namespace cuconform_units {                                                                          \
  struct Name : ::cuconform::kernel_function_detail::Unit<cuconform_kernel_spec_##Name> {             \
    using Spec = cuconform_kernel_spec_##Name;                                                         \
    static constexpr ::cuconform::UnitInfo info =                                                      \
        ::cuconform::kernel_function_detail::info_of<Spec>(#Name, #Name);                             \
    struct Form : ::cuconform::kernel_function_detail::Unit<Spec>::Form {                              \
      static constexpr const char* name = #Name;                                                       \
    };                                                                                                 \
    using forms = ::cuconform::kernel_function_detail::Unit<Spec>::forms_with<Form>;                  \
  };                                                                                                   \
  CUCONFORM_KERNEL_UNIT(Name)                                                                          \
  }
