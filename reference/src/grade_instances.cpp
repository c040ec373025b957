// measure()'s float and double instantiations (cuconform/grade.h), compiled
// once at the library's optimisation for every caller.
#include "cuconform/grade.h"

namespace cuconform {

template ElemError measure<float>(float, const Exact&, bool);
template ElemError measure<double>(double, const Exact&, bool);

}  // namespace cuconform
