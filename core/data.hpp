// core/data.hpp — the data/ tables compiled into the library (generated .cpp).
#pragma once

#include <string_view>

namespace cvsearch::data {
std::string_view venues_tsv();
std::string_view institutions_tsv();
std::string_view synonyms_tsv();

// data/registry/ (tools/build_registry_tables.py), embedded whole by cmake/embed_binary.cmake.
std::string_view registry_institutions_tsv();
std::string_view registry_institution_keys_tsv();
std::string_view registry_venues_tsv();
std::string_view registry_venue_keys_tsv();
std::string_view registry_countries_tsv();
}  // namespace cvsearch::data
