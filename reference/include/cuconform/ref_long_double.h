//===-- Long double twins of CUDA-only double functions (host only) -------===//
// The double depth tier (fixtures/include/cuconform/extended/) decides most
// of its 2^28 results per function with a long double twin of the function
// and leaves the rest to float128 (cuconform/ref.h), which is 4 to 17 us a
// call here for these functions: minutes per function on 16 cores. glibc has
// no long double erfinv, erfcinv, normcdfinv, I0 or I1; these are Boost.Math's
// long double implementations (64-bit significand), with the C99/CUDA special
// values decided here, not by Boost's error policies. normcdf and erfcx are
// glibc's erfcl and expl with their arguments' rounding carried exactly (a
// plain erfcl(-x/sqrt(2)) or expl(x*x) would err by 2^-53 relative at the
// ends of double's range, past the stated error). Their stated error, the
// tier's 2^-58 relative (32 long double ulps), is checked against float128 on
// 65,536 drawn inputs and the special values before the tier trusts a twin.
//===----------------------------------------------------------------------===//
#pragma once

namespace cuconform::ref_ld {

long double erfinv(long double x);      ///< x in [-1, 1]; +-1: +-inf; else NaN
long double erfcinv(long double x);     ///< x in [0, 2]; 0: +inf, 2: -inf; else NaN
long double normcdfinv(long double p);  ///< -sqrt(2) erfcinv(2p); 0: -inf, 1: +inf
long double cyl_bessel_i0(long double x);
long double cyl_bessel_i1(long double x);
long double normcdf(long double x);  ///< erfc(-x/sqrt(2))/2, the scaling carried as a double-long-double
long double erfcx(long double x);    ///< exp(x^2) erfc(x), x^2 carried exactly; the asymptotic series from 100

}  // namespace cuconform::ref_ld
