// fuzz/fuzz_util.hpp — what every fuzz target checks besides "no crash": the
// promises the readers make (reader.hpp): well-formed UTF-8 out, no control
// characters but '\n' and '\t' in free text, and only cvsearch::Error thrown.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "core/text.hpp"
#include "cvsearch/profile.hpp"

namespace cvsearch::fuzz {

[[noreturn]] inline void broken(const char* what) {
    std::fprintf(stderr, "contract broken: %s\n", what);
    std::abort();
}

inline void check_utf8(std::string_view s, const char* what) {
    if (!text::is_valid_utf8(s)) broken(what);
}

/// Light-markup text: UTF-8, '\n' line ends, no control characters.
inline void check_markup(std::string_view s, const char* what) {
    check_utf8(s, what);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) {
            std::fprintf(stderr, "control byte 0x%02x at %zu of %zu\n", c, i, s.size());
            broken(what);
        }
    }
}

inline void check_profile(const Profile& p) {
    check_utf8(p.id, "profile id");
    check_utf8(p.name, "profile name");
    check_utf8(p.headline, "profile headline");
    for (const auto& a : p.affiliations) {
        check_utf8(a.institution, "institution");
        check_utf8(a.role, "role");
    }
    for (const auto& pub : p.publications) {
        check_utf8(pub.title, "publication title");
        check_utf8(pub.venue, "venue");
    }
    for (const auto& s : p.sections) check_utf8(s.text, "section text");
}

}  // namespace cvsearch::fuzz
