#pragma once
#include "cuconform/models/perf_model.h"
