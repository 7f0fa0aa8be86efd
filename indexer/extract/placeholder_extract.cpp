// PLACEHOLDER so the library links while the real extractor is written; delete when replaced.
#include "indexer/extract/extract.hpp"
namespace cvsearch::extract {
std::vector<Section> split_sections(std::string_view t) { return {Section{"", "other", std::string(t)}}; }
std::optional<std::string> heading_kind(std::string_view) { return std::nullopt; }
std::optional<YearRange> find_year_range(std::string_view) { return std::nullopt; }
Profile extract_profile(const readers::TextDocument& d) { Profile p; p.name = d.name_hint; p.sections = split_sections(d.text); return p; }
}  // namespace cvsearch::extract
