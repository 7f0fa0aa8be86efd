// core/data.hpp — the data/ tables compiled into the library (generated .cpp).
#pragma once

#include <string_view>

namespace cvsearch::data {
std::string_view venues_tsv();
std::string_view institutions_tsv();
std::string_view synonyms_tsv();
}  // namespace cvsearch::data
