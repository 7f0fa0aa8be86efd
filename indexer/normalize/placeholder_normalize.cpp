// PLACEHOLDER so the library links while the real normalizer is written; delete when replaced.
#include "indexer/normalize/normalize.hpp"
#include "core/text.hpp"
namespace cvsearch::normalize {
std::optional<VenueInfo> find_venue(std::string_view) { return std::nullopt; }
std::optional<InstitutionInfo> find_institution(std::string_view) { return std::nullopt; }
std::string venue_value(std::string_view raw) { return text::collapse_whitespace(raw); }
std::string institution_value(std::string_view raw) { return text::collapse_whitespace(raw); }
void normalize_profile(Profile& p) {
    for (auto& a : p.affiliations) if (a.institution.empty()) a.institution = institution_value(a.institution_raw);
    for (auto& x : p.publications) if (x.venue.empty()) x.venue = venue_value(x.venue_raw);
}
std::size_t venue_count() { return 0; }
std::size_t institution_count() { return 0; }
}  // namespace cvsearch::normalize
