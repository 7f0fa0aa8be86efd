// Venue and institution normalization: raw CV text -> canonical facet values.
#include "parse/normalize/normalize.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "core/text.hpp"
#include "parse/normalize/tables.hpp"

namespace cvsearch::normalize {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string lower_alpha(std::string_view w) {
    std::string out;
    for (char c : w)
        if (std::isalpha(static_cast<unsigned char>(c))) out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    return out;
}

// "NeurIPS2020" -> "NeurIPS 2020", "SOSP'23" stays (the apostrophe splits it).
std::string split_letter_digit(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0 && is_digit(s[i]) && std::isalpha(static_cast<unsigned char>(s[i - 1]))) out.push_back(' ');
        out.push_back(s[i]);
    }
    return out;
}

// Strips punctuation around a word but keeps it inside ("S&P", "Trans.").
std::string_view strip_punct(std::string_view w) {
    auto punct = [](char c) { return std::string_view(",.;:()[]{}\"'`*!?").find(c) != std::string_view::npos; };
    while (!w.empty() && punct(w.front())) w.remove_prefix(1);
    while (!w.empty() && punct(w.back())) w.remove_suffix(1);
    return w;
}

bool is_number_like(std::string_view w) {
    // 2023, '23, ’23, 12-20, 1(2), 29th, 3rd, vol12 -> noise in a venue string.
    std::string_view core = w;
    if (core.substr(0, 3) == "\xE2\x80\x99") core.remove_prefix(3);  // ’
    if (!core.empty() && core.front() == '\'') core.remove_prefix(1);
    if (core.empty()) return false;
    std::size_t digits = static_cast<std::size_t>(std::count_if(core.begin(), core.end(), is_digit));
    if (digits == 0) return false;
    std::string tail = lower_alpha(core);
    if (tail.empty()) return true;  // digits and punctuation only
    return digits + tail.size() == core.size() && (tail == "st" || tail == "nd" || tail == "rd" || tail == "th");
}

bool is_noise_word(const std::string& lw) {
    static const std::array<const char*, 24> noise = {
        "pp", "vol", "volume", "no", "issue", "pages", "page", "jan", "january", "feb", "february", "mar",
        "march", "apr", "april", "may", "jun", "june", "jul", "july", "aug", "august", "sep", "september"};
    static const std::array<const char*, 9> more = {"sept", "oct", "october", "nov", "november", "dec", "december",
                                                     "accepted", "forthcoming"};
    return std::find(noise.begin(), noise.end(), lw) != noise.end() || std::find(more.begin(), more.end(), lw) != more.end();
}

// The venue without years, ordinals, page/volume numbers, months and a leading
// "In Proceedings of the": "Proc. of the 29th ACM SOSP '23, pp. 1-15" -> "ACM SOSP".
std::string clean_venue(std::string_view raw) {
    std::string s = text::collapse_whitespace(split_letter_digit(raw));
    std::vector<std::string> kept;
    for (std::string_view w : text::split(s, ' ')) {
        std::string_view core = strip_punct(w);
        if (core.empty() || is_number_like(core)) continue;
        std::string lw = lower_alpha(core);
        if (is_noise_word(lw)) continue;
        if (lw == "to" || lw == "appear") continue;
        kept.emplace_back(core);
    }
    // Leading "In", "Proceedings of (the)", "Proc. of (the)".
    std::size_t i = 0;
    auto lw = [&](std::size_t k) { return k < kept.size() ? lower_alpha(kept[k]) : std::string(); };
    if (lw(i) == "in") ++i;
    if (lw(i) == "proceedings" || lw(i) == "proc") {
        ++i;
        if (lw(i) == "of") ++i;
        if (lw(i) == "the") ++i;
    }
    std::string out;
    for (std::size_t k = i; k < kept.size(); ++k) out += (out.empty() ? "" : " ") + kept[k];
    return std::string(text::trim_end_any(out, {",", ";", ":", "-", "–"}));
}

bool mentions_arxiv(std::string_view raw) {
    std::string f = text::ascii_lower(raw);
    return f.find("arxiv") != std::string::npos || f.find("corr abs/") != std::string::npos ||
           f.find("corr, abs/") != std::string::npos;
}

// Words that mark the part of an affiliation line that names the institution.
bool names_an_institution(std::string_view part) {
    static const std::array<const char*, 22> marks = {
        "univ", "institut", "college", "school", "laborator", "labs", " lab", "research", "inc", "corp", "gmbh",
        "hochschule", "ecole", "école", "academy", "polytechn", "politecnico", "centre", "center", "hospital",
        "ltd", "llc"};
    std::string f = " " + text::fold(part);
    return std::any_of(marks.begin(), marks.end(), [&](const char* m) { return f.find(m) != std::string::npos; });
}

bool is_department(std::string_view part) {
    std::string f = text::fold(text::trim(part));
    for (const char* d : {"department", "dept", "faculty", "division", "school of", "graduate school", "college of", "lab of",
                          "laboratory of", "group", "chair of"})
        if (f.rfind(d, 0) == 0) return true;
    return false;
}

// The institution part of a line like "Dept. of CS, Foo University, Springfield, IL".
std::string clean_institution(std::string_view raw) {
    std::string s = text::collapse_whitespace(raw);
    std::vector<std::string_view> parts;
    for (std::string_view p : text::split(s, ',')) {
        p = text::trim(p);
        if (!p.empty()) parts.push_back(p);
    }
    if (parts.empty()) return {};
    std::string_view best = parts.front();
    auto it = std::find_if(parts.begin(), parts.end(), [](std::string_view p) { return names_an_institution(p) && !is_department(p); });
    if (it != parts.end()) best = *it;
    else if (parts.size() > 1 && is_department(parts.front())) best = parts[1];
    std::string out(text::trim(best));
    if (text::starts_with_icase(out, "the ")) out.erase(0, 4);
    return std::string(text::trim_end_any(out, {".", ";", ":", "-", "–"}));
}

// Status words that stand where a venue would: they are no venue (no facet value),
// but they do say what kind of publication it is.
std::optional<PublicationKind> status_instead_of_venue(std::string_view raw) {
    static const std::array<std::pair<const char*, PublicationKind>, 12> statuses = {{
        {"preprint", PublicationKind::preprint}, {"under review", PublicationKind::preprint},
        {"submitted", PublicationKind::preprint}, {"in submission", PublicationKind::preprint},
        {"under submission", PublicationKind::preprint}, {"in preparation", PublicationKind::preprint},
        {"manuscript", PublicationKind::preprint}, {"manuscript in preparation", PublicationKind::preprint},
        {"working paper", PublicationKind::preprint}, {"in review", PublicationKind::preprint},
        {"technical report", PublicationKind::other}, {"tech report", PublicationKind::other},
    }};
    std::string key = text::fold_key(clean_venue(raw));
    for (const auto& [word, kind] : statuses)
        if (key == word) return kind;
    // "Ph.D. Dissertation, University of X", "Master's thesis": a thesis, not a venue.
    for (const char* thesis : {"ph d dissertation", "ph d thesis", "phd dissertation", "phd thesis", "doctoral dissertation",
                               "doctoral thesis", "master s thesis", "masters thesis", "msc thesis", "m s thesis",
                               "bachelor s thesis", "bachelor thesis", "dissertation", "thesis", "habilitation"})
        if (key.rfind(thesis, 0) == 0) return PublicationKind::thesis;
    // "University of Michigan (Ph.D. dissertation)": the kind of thesis named after the school.
    for (const char* thesis : {" ph d dissertation", " ph d thesis", " phd dissertation", " phd thesis", " doctoral dissertation",
                               " doctoral thesis", " master s thesis", " masters thesis", " msc thesis"})
        if (key.find(thesis) != std::string::npos) return PublicationKind::thesis;
    return std::nullopt;
}

// "Univeristy", "Universty", "Universitty": "University" with one slip of the
// keyboard (two neighbours swapped, a letter dropped or doubled), as real CVs
// have it and no alias table spells it. A letter replaced is no slip:
// "Universiti" (Malay), "Universite", "Universita" are words of their own.
bool misspells_university(std::string_view word) {
    static constexpr std::string_view right = "university";
    const std::string w = text::ascii_lower(word);
    if (w == right) return false;
    auto without = [](std::string_view s, std::size_t i) { return std::string(s.substr(0, i)) + std::string(s.substr(i + 1)); };
    if (w.size() + 1 == right.size()) {
        for (std::size_t i = 0; i < right.size(); ++i)
            if (without(right, i) == w) return true;
    } else if (w.size() == right.size() + 1) {
        for (std::size_t i = 0; i < w.size(); ++i)
            if (without(w, i) == right) return true;
    } else if (w.size() == right.size()) {
        for (std::size_t i = 0; i + 1 < w.size(); ++i) {
            std::string swapped = w;
            std::swap(swapped[i], swapped[i + 1]);
            if (swapped == right) return true;
        }
    }
    return false;
}

/// `raw` with each misspelled "University" spelled right; `raw` itself when none is.
std::string with_university_spelled(std::string_view raw) {
    std::string out;
    std::size_t copied = 0;
    for (std::string_view w : text::words(raw)) {
        if (!misspells_university(w)) continue;
        const auto at = static_cast<std::size_t>(w.data() - raw.data());
        out.append(raw.substr(copied, at - copied));
        out += "University";
        copied = at + w.size();
    }
    if (copied == 0) return std::string(raw);
    out.append(raw.substr(copied));
    return out;
}

PublicationKind kind_from_venue(const std::string& kind) {
    if (kind == "conference") return PublicationKind::conference;
    if (kind == "journal") return PublicationKind::journal;
    if (kind == "workshop") return PublicationKind::workshop;
    if (kind == "preprint") return PublicationKind::preprint;
    return PublicationKind::other;
}

}  // namespace

std::optional<VenueInfo> find_venue(std::string_view raw) {
    const VenueTable& t = venue_table();
    std::string cleaned = clean_venue(raw);
    auto hit = t.aliases.find(cleaned);
    if (!hit) hit = t.aliases.find(split_letter_digit(raw));
    if (!hit && mentions_arxiv(raw)) hit = t.aliases.find("arXiv");
    if (!hit) return std::nullopt;
    return t.entries[*hit];
}

std::optional<InstitutionInfo> find_institution(std::string_view raw) {
    const InstitutionTable& t = institution_table();
    auto hit = t.aliases.find(raw);
    if (!hit) {
        std::string cleaned = clean_institution(raw);
        if (!cleaned.empty() && cleaned != raw) hit = t.aliases.find(cleaned);
    }
    if (!hit) {
        std::string spelled = with_university_spelled(raw);
        if (spelled != raw) return find_institution(spelled);
    }
    if (!hit) return std::nullopt;
    return t.entries[*hit];
}

std::optional<InstitutionInfo> find_institution_as_written(std::string_view raw) {
    const InstitutionTable& t = institution_table();
    auto hit = t.aliases.find_whole(raw);
    if (!hit) return std::nullopt;
    return t.entries[*hit];
}

std::string venue_value(std::string_view raw) {
    if (auto v = find_venue(raw)) return v->canonical;
    if (mentions_arxiv(raw)) return "arXiv";
    return clean_venue(raw);
}

std::string institution_value(std::string_view raw) {
    if (auto i = find_institution(raw)) return i->canonical;
    return clean_institution(raw);
}

void normalize_profile(Profile& profile) {
    for (auto& a : profile.affiliations) {
        const std::string& source = a.institution.empty() ? a.institution_raw : a.institution;
        a.institution = institution_value(source);
    }
    for (auto& p : profile.publications) {
        const std::string& source = p.venue.empty() ? p.venue_raw : p.venue;
        if (source.empty()) continue;
        if (auto status = status_instead_of_venue(source)) {
            p.venue.clear();
            if (p.kind == PublicationKind::other) p.kind = *status;
            continue;
        }
        auto info = find_venue(source);
        p.venue = info ? info->canonical : venue_value(source);
        if (info && p.kind == PublicationKind::other) p.kind = kind_from_venue(info->kind);
    }
}

}  // namespace cvsearch::normalize
