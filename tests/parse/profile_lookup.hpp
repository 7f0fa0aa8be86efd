// tests/parse/profile_lookup.hpp — finding what a parsed test CV gave.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "cvsearch/parse.hpp"
#include "cvsearch/profile.hpp"

namespace cvsearch::testing {

/// The one profile `text` gives, read as the file `name` would be.
inline Profile parse_one(const std::string& text, const std::string& name = "cv.json") {
    auto profiles = parse_bytes(text, name);
    REQUIRE(profiles.size() == 1);
    return profiles.front();
}

/// The affiliation whose raw institution text is `institution_raw`, or nullptr.
inline const Affiliation* affiliation(const Profile& p, std::string_view institution_raw) {
    auto it = std::find_if(p.affiliations.begin(), p.affiliations.end(),
                           [&](const Affiliation& a) { return a.institution_raw == institution_raw; });
    return it == p.affiliations.end() ? nullptr : &*it;
}

/// The first publication whose title contains `title_part`, or nullptr.
inline const Publication* publication(const Profile& p, std::string_view title_part) {
    auto it = std::find_if(p.publications.begin(), p.publications.end(),
                           [&](const Publication& x) { return x.title.find(title_part) != std::string::npos; });
    return it == p.publications.end() ? nullptr : &*it;
}

}  // namespace cvsearch::testing
