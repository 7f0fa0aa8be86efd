// Human-readable profile listing, shared by `parse` and `show`.
#include "profile_print.hpp"

#include <iostream>
#include <sstream>

#include "cvsearch/render.hpp"

namespace cvsearch::cli {
namespace {

std::string years(const Affiliation& a) {
    std::string s = a.start_year ? std::to_string(*a.start_year) : "";
    if (a.current) return s + " - present";
    if (a.end_year && a.end_year != a.start_year) s += (s.empty() ? "" : " - ") + std::to_string(*a.end_year);
    return s;
}


/// A copy of `p` whose every string is safe on a terminal (terminal_escape):
/// a CV or a file name holding ESC sequences must not drive the user's terminal.
Profile terminal_safe(Profile p) {
    auto esc = [](std::string& s) { s = terminal_escape(s); };
    auto esc_all = [&](std::vector<std::string>& v) {
        for (auto& s : v) esc(s);
    };
    for (std::string* s : {&p.id, &p.name, &p.homepage, &p.headline}) esc(*s);
    esc_all(p.emails), esc_all(p.interests), esc_all(p.skills), esc_all(p.awards);
    for (auto& a : p.affiliations) esc(a.institution), esc(a.institution_raw), esc(a.role);
    for (auto& pub : p.publications) esc(pub.title), esc(pub.venue), esc(pub.venue_raw), esc_all(pub.authors);
    for (auto& s : p.sections) esc(s.heading), esc(s.kind), s.text = terminal_escape(s.text, true);
    return p;
}

}  // namespace

void print_profile(const Profile& original, const Style& st) {
    const Profile p = terminal_safe(original);
    std::ostringstream out;
    out << st.bold(p.name.empty() ? "(name not stated)" : p.name) << "  " << st.dim(p.id + " · " + std::string(format_name(p.source.format)))
        << "\n";
    for (const auto& e : p.emails) out << "  email      " << e << "\n";
    if (!p.homepage.empty()) out << "  homepage   " << p.homepage << "\n";
    if (!p.headline.empty()) out << "  headline   " << p.headline << "\n";
    if (!p.interests.empty()) {
        out << "  interests  ";
        for (std::size_t i = 0; i < p.interests.size(); ++i) out << (i ? "; " : "") << p.interests[i];
        out << "\n";
    }
    if (!p.affiliations.empty()) out << st.cyan("  affiliations") << "\n";
    for (const auto& a : p.affiliations) {
        out << "    " << affiliation_kind_name(a.kind) << "  " << st.bold(a.institution);
        if (!a.role.empty()) out << ", " << a.role;
        std::string y = years(a);
        if (!y.empty()) out << "  " << st.dim(y);
        if (a.institution_raw != a.institution && !a.institution_raw.empty()) out << st.dim("  (" + a.institution_raw + ")");
        out << "\n";
    }
    if (!p.publications.empty()) out << st.cyan("  publications (" + std::to_string(p.publications.size()) + ")") << "\n";
    for (const auto& pub : p.publications) {
        out << "    " << (pub.year ? std::to_string(*pub.year) : std::string("----")) << "  "
            << st.green(pub.venue.empty() ? std::string("?") : pub.venue) << "  " << pub.title
            << st.dim("  [" + std::string(publication_kind_name(pub.kind)) + "]") << "\n";
    }
    auto list = [&](const char* label, const std::vector<std::string>& v) {
        if (v.empty()) return;
        out << st.cyan(std::string("  ") + label) << "\n";
        for (const auto& x : v) out << "    " << x << "\n";
    };
    list("awards", p.awards);
    list("skills", p.skills);
    Facets f = facets_of(p);
    out << st.cyan("  facets") << "\n    institution: ";
    for (std::size_t i = 0; i < f.institution.size(); ++i) out << (i ? ", " : "") << f.institution[i];
    out << "  (now)\n    affiliation: ";
    for (std::size_t i = 0; i < f.affiliation.size(); ++i) out << (i ? ", " : "") << f.affiliation[i];
    out << "\n    venue:       ";
    for (std::size_t i = 0; i < f.venue.size(); ++i) out << (i ? ", " : "") << f.venue[i];
    out << "\n    year:        ";
    for (std::size_t i = 0; i < f.year.size(); ++i) out << (i ? ", " : "") << f.year[i];
    out << "\n";
    std::cout << out.str();
}


}  // namespace cvsearch::cli
