// The exact softplus at 113 bits, in the form that never overflows: max(x, 0) + log1p(e^-|x|).
#include "cuconform/float128_reference.h"

CUCONFORM_EXACT(softplus_exact, x, (x > 0 ? x : 0) + log1p(exp(-abs(x))))
