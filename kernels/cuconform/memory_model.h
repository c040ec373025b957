#pragma once
#include "cuconform/models/memory_model.h"
