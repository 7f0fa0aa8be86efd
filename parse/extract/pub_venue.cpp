// Venues: where the venue of an entry starts and ends, and what kind it is.
#include "parse/extract/pub_venue.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "core/text.hpp"
#include "parse/extract/chars.hpp"
#include "parse/extract/dates.hpp"
#include "parse/extract/lexicon.hpp"
#include "parse/extract/pub_authors.hpp"
#include "parse/normalize/normalize.hpp"
#include "parse/normalize/registry.hpp"

namespace cvsearch::extract {
namespace {

bool contains_any(const std::string& hay, std::initializer_list<std::string_view> needles) {
    return std::any_of(needles.begin(), needles.end(), [&](std::string_view n) { return hay.find(n) != std::string::npos; });
}

// Words that start a remark after the venue rather than continue it.
bool is_note_start(std::string_view s) {
    std::string l = text::fold_key(s);
    // (A published state after the venue, "Journal of X. In press.", is a note too: the
    // venue stays; only a submission status takes it away.)
    static constexpr std::array<std::string_view, 45> notes = {
        "in press", "accepted", "forthcoming", "to appear", "early access", "best", "award", "acceptance", "accept rate", "oral", "spotlight", "invited", "also", "selected", "nominated", "equal",
        "paper", "slides", "code", "video", "link", "talk", "featured", "press", "media", "cited", "pdf", "bibtex", "bibtx",
        "project", "arxiv version", "full version", "extended version", "denotes", "co first", "corresponding", "winner",
        "runner up", "honorable", "finalist", "github", "available", "retrieved", "accessed", "online at"};
    for (std::string_view n : notes) {
        std::size_t len = n.size();
        if (l.compare(0, len, n) == 0 && (l.size() == len || l[len] == ' ')) return true;
    }
    return false;
}

// "pp. 1-12", "vol. 3", "31(8)", "45:1-12", "e0123", "12", "LNCS 7484", "Article 12".
bool is_locator(std::string_view s) {
    std::string l = text::ascii_lower(text::trim(s));
    if (l.empty()) return true;
    for (std::string_view lead : {"pp", "p.", "pages", "page", "vol", "volume", "no.", "no ", "issue", "art.", "article", "doi", "isbn",
                                  "issn", "lncs", "ch.", "chapter", "number", "num."})
        if (l.starts_with(lead)) return true;
    std::size_t letters = chars::count_letters(l), digits = 0;
    for (char c : l) digits += std::isdigit(static_cast<unsigned char>(c)) ? 1 : 0;
    return digits > 0 && letters <= 1;
}

// Top-level comma/semicolon segments of s.
std::vector<std::string> segments(std::string_view s) {
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (char c : s) {
        if (c == '(' || c == '[') ++depth;
        if ((c == ')' || c == ']') && depth > 0) --depth;
        if ((c == ',' || c == ';') && depth == 0) {
            out.push_back(cur);
            cur.clear();
            continue;
        }
        cur.push_back(c);
    }
    out.push_back(cur);
    for (auto& o : out) o = std::string(text::trim(o));
    return out;
}

bool ends_with_acronym_parens(std::string_view s) {
    s = text::trim(s);
    if (s.empty() || s.back() != ')') return false;
    std::size_t open = s.rfind('(');
    if (open == std::string_view::npos) return false;
    std::string_view inner = s.substr(open + 1, s.size() - open - 2);
    return chars::count_upper(inner) >= 2;
}

// Removes "(short paper)", "(to appear)", "(oral)": parenthesized remarks without
// capitals, and "(2023)": the year is read elsewhere.
std::string drop_lowercase_asides(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '(') {
            std::size_t close = s.find(')', i);
            if (close != std::string_view::npos) {
                std::string_view inner = s.substr(i + 1, close - i - 1);
                std::string li = " " + text::ascii_lower(inner) + " ";
                bool editors = li.find(" eds") != std::string::npos || li.find(" ed.") != std::string::npos ||
                               li.find("editor") != std::string::npos || li.find("pp.") != std::string::npos;
                bool remark = (chars::count_upper(inner) == 0 && !chars::has_digit(inner)) || is_only_dates(inner) || editors;
                if (remark) {
                    i = close;
                    continue;
                }
            }
        }
        out.push_back(s[i]);
    }
    return text::collapse_whitespace(out);
}

// "Comm" of "Comm. Math.": a capitalized word of up to five letters before the dot at `dot`.
bool abbreviated_word_before(std::string_view s, std::size_t dot) {
    std::size_t b = dot;
    while (b > 0 && std::isalpha(static_cast<unsigned char>(s[b - 1]))) --b;
    return dot - b >= 1 && dot - b <= 5 && std::isupper(static_cast<unsigned char>(s[b])) && (b == 0 || s[b - 1] == ' ');
}

// "Math. Univ. ...": s opens with a capitalized word of up to five letters and its dot.
bool abbreviated_word_at(std::string_view s) {
    std::size_t e = 0;
    while (e < s.size() && std::isalpha(static_cast<unsigned char>(s[e]))) ++e;
    return e >= 1 && e <= 5 && e < s.size() && s[e] == '.' && std::isupper(static_cast<unsigned char>(s[0]));
}

// "15th ...", "3rd ...", "21st ...": an ordinal, as an edition of a meeting is counted.
bool starts_with_ordinal(std::string_view s) {
    std::size_t d = 0;
    while (d < s.size() && std::isdigit(static_cast<unsigned char>(s[d]))) ++d;
    if (d == 0 || d + 2 > s.size()) return false;
    const std::string suffix = text::ascii_lower(s.substr(d, 2));
    const bool ends = d + 2 == s.size() || !std::isalpha(static_cast<unsigned char>(s[d + 2]));
    return ends && (suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th");
}

// Cuts s at the first ". " after which a remark or a new sentence follows:
// "NeurIPS 2021. Best Paper Award" -> "NeurIPS 2021". Abbreviations
// ("Proc. SPIE", "Appl. Phys. Lett.") stay: they are followed by venue words.
std::string_view cut_sentences(std::string_view s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        if (s[i] != '.' || s[i + 1] != ' ') continue;
        std::string_view before = s.substr(0, i);
        std::string_view after = text::trim(s.substr(i + 1));
        if (is_note_start(after) || mentions_submission(after)) return before;
        if (!find_years(before).empty()) return before;
        // "Comm. Math. Univ. Carolinae 58": a chain of abbreviated words is one journal title
        // (the "Univ." in it names no place after the venue).
        if (abbreviated_word_before(s, i) && abbreviated_word_at(after)) continue;
        // "Annual Meeting. Washington, D.C.", "Conference. Iowa State University": a place after the venue.
        {
            std::string_view first_seg = after.substr(0, after.find(','));
            std::string_view second = after.size() > first_seg.size() ? text::trim(after.substr(first_seg.size() + 1)) : std::string_view();
            if (is_location(first_seg, second.substr(0, second.find(','))) || institution_strength(first_seg) >= InstitutionStrength::org)
                return before;
        }
        // "Journal of X. 26(4), 781-783": the volume after the journal ends it. (Not an
        // ordinal: "In Proc. 15th International Conference on ...".)
        if (!after.empty() && !starts_with_ordinal(after) && (std::isdigit(static_cast<unsigned char>(after.front())) ||
                               (after.front() == '(' && after.size() > 1 && std::isdigit(static_cast<unsigned char>(after[1])))))
            return before;
        // "Bioinformatics. 2018 Nov 15;34(22)": the date after the journal ends it.
        if (auto ys = find_years(after.substr(0, std::min<std::size_t>(after.size(), 6))); !ys.empty() && ys.front().begin == 0)
            return before;
        // A long run of lower-case words after the dot is prose, not a venue.
        std::size_t lower_words = 0, words = 0;
        for (std::string_view w : text::split(after.substr(0, std::min<std::size_t>(after.size(), 60)), ' ')) {
            if (w.empty()) continue;
            ++words;
            if (chars::is_lower(chars::first(w))) ++lower_words;
        }
        if (words >= 5 && lower_words * 2 > words) return before;
    }
    return s;
}

std::string strip_leading_in(std::string_view s) {
    s = text::trim(s);
    auto junk = [](char c) { return c == ',' || c == '.' || c == ';' || c == ':' || c == ')' || c == '"' || c == ' ' || c == '-'; };
    while (!s.empty() && junk(s.front())) s.remove_prefix(1);
    // Curly quotes left from the title.
    while (s.size() >= 3 && (s.substr(0, 3) == "\xE2\x80\x9D" || s.substr(0, 3) == "\xE2\x80\x9C")) s = text::trim(s.substr(3));
    // "(2024). Journal": an APA year left in front.
    if (!s.empty() && (s.front() == '(' || std::isdigit(static_cast<unsigned char>(s.front())))) {
        auto ys = find_years(s.substr(0, std::min<std::size_t>(s.size(), 8)));
        if (!ys.empty() && ys.front().begin <= 1) {
            std::size_t at = ys.front().end;
            while (at < s.size() && (s[at] == ')' || s[at] == '.' || s[at] == ',' || s[at] == ' ')) ++at;
            if (at < s.size() && !std::isdigit(static_cast<unsigned char>(s[at]))) s = text::trim(s.substr(at));
        }
    }
    // "Poster. Annual Meeting of ...", "Presentation: ...": the form of the contribution.
    for (std::string_view form : {"poster", "presentation", "oral presentation", "poster presentation", "talk", "invited talk",
                                  "abstract", "extended abstract", "keynote", "demo", "short paper", "full paper"}) {
        if (text::starts_with_icase(s, form) && s.size() > form.size() + 2 && (s[form.size()] == '.' || s[form.size()] == ':')) {
            s = text::trim(s.substr(form.size() + 1));
            break;
        }
    }
    // "Conditionally accepted, Journal of X", "Forthcoming in X": a status before the venue.
    for (std::string_view status : {"conditionally accepted", "provisionally accepted", "forthcoming", "in press"}) {
        if (text::starts_with_icase(s, status) && s.size() > status.size() + 2 && (s[status.size()] == ',' || s[status.size()] == ':')) {
            s = text::trim(s.substr(status.size() + 1));
            break;
        }
        if (text::starts_with_icase(s, status) && s.size() > status.size() + 1 && s[status.size()] == ' ') {
            s = text::trim(s.substr(status.size()));
            break;
        }
    }
    // "(Accepted to NeurIPS 2020)", "(Published on Physics Letters 2013)": a status and the venue
    // in brackets of their own are the venue.
    static constexpr std::string_view bracketed_leads[] = {"accepted ", "published ", "appeared ", "to appear ", "presented "};
    if (!s.empty() && s.front() == '(') {
        const std::size_t close = s.find(')');
        const std::string_view inner = close == std::string_view::npos ? std::string_view() : s.substr(1, close - 1);
        if (std::any_of(std::begin(bracketed_leads), std::end(bracketed_leads), [&](std::string_view l) { return text::starts_with_icase(inner, l); }) &&
            inner.find('(') == std::string_view::npos)
            s = inner;
    }
    for (std::string_view lead : {"published in ", "published on ", "appeared in ", "presented at ", "to appear in ", "to appear at ",
                                  "to appear, ", "accepted at ", "accepted to ", "accepted by ", "accepted in ",
                                  "accepted for publication in ", "accepted, ", "in: ", "in ", "at "}) {
        if (text::starts_with_icase(s, lead)) {
            s.remove_prefix(lead.size());
            break;
        }
    }
    return std::string(text::trim(s));
}

// Publishers name no venue: "Elsevier", "Springer US", "IEEE 2016".
bool is_publisher(std::string_view seg) {
    std::string k = text::fold_key(seg);
    static const std::array<const char*, 14> publishers = {"ieee", "acm", "springer", "springer us", "springer nature", "elsevier",
                                                           "wiley", "mit press", "oxford university press", "cambridge university press",
                                                           "taylor francis", "sage", "usenix", "aaai press"};
    std::string bare;
    for (std::string_view w : text::split(k, ' '))
        if (!w.empty() && !std::isdigit(static_cast<unsigned char>(w.front()))) bare += (bare.empty() ? "" : " ") + std::string(w);
    return std::any_of(publishers.begin(), publishers.end(), [&](const char* p) { return bare == p; });
}

// A comma part that carries a venue name on ("Networking", "Storage and Analysis
// (SC '24)", "and Cybernetics (SMC)"), as opposed to a city or a publisher.
bool continues_venue(std::string_view seg) {
    if (seg.size() > 120 || is_publisher(seg)) return false;
    if (seg.rfind("and ", 0) == 0 || seg.rfind("& ", 0) == 0) return true;
    if (chars::is_lower(chars::first(seg))) return false;
    if (ends_with_acronym_parens(seg)) return true;
    static const std::array<const char*, 40> words = {
        "conference", "symposium", "workshop", "meeting", "proceedings", "journal", "transactions", "letters", "review",
        "society", "association", "congress", "forum", "annual", "international", "networking", "storage", "analysis",
        "computing", "systems", "engineering", "science", "sciences", "research", "technology", "applications", "processing",
        "intelligence", "learning", "data", "design", "automation", "architecture", "software", "security", "privacy",
        "management", "communications", "networks", "mining"};
    std::string k = " " + text::fold_key(seg) + " ";
    return std::any_of(words.begin(), words.end(), [&](const char* w) { return k.find(" " + std::string(w) + " ") != std::string::npos; });
}

}  // namespace

bool abbreviated_journal_name(std::string_view s) {
    s = s.substr(0, std::min(s.find(','), s.find('(')));
    std::size_t dotted = 0;
    bool long_dotted = false;
    bool first = true;
    for (std::string_view w : text::split(s, ' ')) {
        if (w.empty()) continue;
        if (std::isdigit(static_cast<unsigned char>(w.front()))) break;  // volume, pages
        const bool joiner = !first && (w == "and" || w == "of" || w == "&");
        if (!joiner && !std::isupper(static_cast<unsigned char>(w.front()))) return false;
        // It opens with a cut word or an acronym ("J. ...", "IEEE Trans. ..."), not "Part Two.".
        if (first && w.back() != '.' && chars::count_upper(w) != chars::count_letters(w)) return false;
        if (w.back() == '.') {
            const std::size_t letters = chars::count_letters(w);
            if (letters > 8) return false;  // "Photochemistry." ends a sentence
            ++dotted;
            long_dotted = long_dotted || letters >= 3;
        }
        first = false;
    }
    return dotted >= 2 && long_dotted;
}

std::string venue_at_start(std::string_view rest);

namespace {

// A DOI starts a word at `i`: "10.", a registrant code of four to nine digits, "/".
bool is_bare_doi(std::string_view s, std::size_t i) {
    if (i > 0 && s[i - 1] != ' ' && s[i - 1] != '\t') return false;
    if (s.compare(i, 3, "10.") != 0) return false;
    std::size_t j = i + 3;
    while (j < s.size() && chars::is_digit(s[j])) ++j;
    return j - (i + 3) >= 4 && j - (i + 3) <= 9 && j < s.size() && s[j] == '/';
}

}  // namespace

std::string strip_links_and_ids(std::string_view s) {
    std::string out;
    std::string lower = text::ascii_lower(s);
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = lower[i];  // (each prefix below starts with 'h', 'w' or 'd')
        if ((c == 'h' || c == 'w' || c == 'd') &&
            (lower.compare(i, 4, "http") == 0 || lower.compare(i, 4, "www.") == 0 || lower.compare(i, 4, "doi:") == 0 ||
             lower.compare(i, 4, "doi ") == 0 || lower.compare(i, 7, "doi.org") == 0)) {
            const std::size_t from = i;
            while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
            // "DOI: 10.1000/x.1": the identifier after the label goes with it.
            if (i - from <= 4) {
                std::size_t j = i;
                while (j < s.size() && (s[j] == ' ' || s[j] == '\t')) ++j;
                if (lower.compare(j, 3, "10.") == 0) {
                    i = j;
                    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
                }
            }
            continue;
        }
        if (c == '1' && is_bare_doi(s, i)) {  // "(2011): 10.1016/j.poly.2011.04.002": a DOI without its label
            while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
            continue;
        }
        if (s[i] == '[') {  // "[pdf]", "[code]", "[slides]"
            std::size_t close = s.find(']', i);
            if (close != std::string_view::npos && close - i < 16) {
                std::string_view inner = s.substr(i + 1, close - i - 1);
                if (chars::count_upper(inner) <= 1 && !chars::has_digit(inner) && chars::count_letters(inner) > 0) {
                    i = close + 1;
                    continue;
                }
            }
        }
        out.push_back(s[i]);
        ++i;
    }
    return text::collapse_whitespace(out);
}

namespace {

// `needle` in `hay` as whole words: "in prep" in "(in prep)", not in "in preprints".
bool contains_words(const std::string& hay, std::string_view needle) {
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
    for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) {
        bool left = at == 0 || !word(hay[at - 1]) || !word(needle.front());
        std::size_t end = at + needle.size();
        bool right = end >= hay.size() || !word(hay[end]) || !word(needle.back());
        if (left && right) return true;
    }
    return false;
}

}  // namespace

bool mentions_submission(std::string_view s) {
    // Folded (lower case, no accents): "en préparation" is matched as "en preparation".
    static constexpr std::string_view statuses[] = {
        "under review", "in review", "under submission", "in submission", "submitted", "in preparation", "in prep",
        "under revision", "in revision", "revise and resubmit", "revise & resubmit", "revised and resubmitted", "r&r",
        "r & r", "major revision", "minor revision", "manuscript in preparation", "in peer review", "in peer-review",
        "under peer review", "under peer-review",
        // German, French, Spanish, Italian, Portuguese
        "eingereicht", "in vorbereitung", "in begutachtung", "in uberarbeitung", "zur begutachtung", "soumis", "soumise",
        "en preparation", "en revision", "en cours de revision", "en cours d'evaluation", "enviado", "en revision",
        "en preparacion", "sottoposto", "sottomesso", "in revisione", "in preparazione", "submetido", "em revisao",
        "em preparacao",
        // Chinese: 在投, 投稿, 审稿中
        "\xE5\x9C\xA8\xE6\x8A\x95", "\xE6\x8A\x95\xE7\xA8\xBF", "\xE5\xAE\xA1\xE7\xA8\xBF\xE4\xB8\xAD"};
    // Every status holds one of these pieces: most entries are passed with a few finds.
    static constexpr std::string_view anchors[] = {
        "review", "submi", "prep", "revis", "r&r", "r & r", "working", "eingereicht", "vorbereitung", "begutachtung",
        "uberarbeitung", "soumis", "evaluation", "enviado", "sottopost", "sottomess", "submetido",
        "\xE5\x9C\xA8\xE6\x8A\x95", "\xE6\x8A\x95\xE7\xA8\xBF", "\xE5\xAE\xA1\xE7\xA8\xBF"};
    std::string l = text::fold(s);
    if (std::none_of(std::begin(anchors), std::end(anchors), [&](std::string_view a) { return l.find(a) != std::string::npos; }))
        return false;
    for (std::string_view st : statuses)
        if (contains_words(l, st)) return true;
    // "Working paper" as a status, not the name of a series ("NBER Working Paper No. 123").
    for (std::size_t at = l.find("working paper"); at != std::string::npos; at = l.find("working paper", at + 1)) {
        std::size_t before = l.find_last_not_of(' ', at == 0 ? std::string::npos : at - 1);
        if (at == 0 || before == std::string::npos || !std::isalnum(static_cast<unsigned char>(l[before]))) return true;
    }
    return false;
}

// "Technical Report TR-CS-98-112", "Tech. Report 2019-04": a report's kind and number,
// which name no venue (the institution that issues it is another matter).
static bool numbered_report(const std::string& folded) {
    std::string_view k = folded;
    for (std::string_view lead : {"technical report ", "tech report ", "research report "})
        if (k.starts_with(lead)) {
            k.remove_prefix(lead.size());
            // what is left is an identifier: few words, each short or with a digit
            const auto w = text::split(k, ' ');
            return w.size() <= 4 && chars::has_digit(k) &&
                   std::all_of(w.begin(), w.end(), [](std::string_view x) { return x.size() <= 3 || chars::has_digit(x); });
        }
    return false;
}

// "John Wiley & Sons", "Oxford University Press", "Independently published": who
// published a book, no journal or meeting.
static bool names_publisher(const std::string& folded) {
    std::string_view k = folded;
    if (k == "independently published" || k == "self published") return true;
    for (std::string_view tail : {" sons", " press", " publishers", " publishing", " verlag", " publishing company"})
        if (k.size() > tail.size() && k.ends_with(tail)) return true;
    return false;
}

bool names_venue_with_locator(std::string_view line) {
    const std::size_t comma = line.find(',');
    const std::string_view head = text::trim(line.substr(0, comma));
    if (head.empty() || chars::count_words(head) > 8 || !std::isupper(static_cast<unsigned char>(head.front()))) return false;
    const std::string_view after = comma == std::string_view::npos ? std::string_view() : text::trim(line.substr(comma + 1));
    // A name the tables know with a number anywhere after it; any short name with a volume
    // right after it ("A & A, Volume 617").
    const std::string a = text::ascii_lower(after.substr(0, 7));
    const bool volume = a.starts_with("volume") || a.starts_with("vol.") || a.starts_with("vol ");
    if (volume && chars::count_words(head) <= 5) return true;
    return normalize::find_venue(head) && (chars::has_digit(after) || chars::has_digit(head));
}

bool is_placeholder_venue(std::string_view venue) {
    std::string k = text::fold_key(venue);
    if (numbered_report(k) || names_publisher(k) || k == "unrefereed" || k == "non refereed") return true;
    return k == "preprint" || k == "pre print" || k == "working paper" || k == "manuscript" || k == "unpublished" || k == "unpublished manuscript" ||
           k == "draft" || k == "technical report" || k == "tech report" || k == "report" || k == "forthcoming" ||
           k == "to appear" || k == "accepted" || k == "in press" || k.empty() ||
           (k.rfind("preprint ", 0) == 0 && chars::count_words(k) == 2 && find_years(k).empty());  // "Preprint available"
}

// "Rel." in "Quasigroups and Rel. Sys": a word of two or more letters cut short by a dot
// (an initial, "J.", or "Jr." / "Sr." / "St." in a name are not).
static bool has_abbreviated_word(std::string_view s) {
    for (std::size_t dot = s.find('.'); dot != std::string_view::npos; dot = s.find('.', dot + 1)) {
        std::size_t b = dot;
        while (b > 0 && std::isalpha(static_cast<unsigned char>(s[b - 1]))) --b;
        const std::string_view w = s.substr(b, dot - b);
        if (w.size() < 2 || (b > 0 && s[b - 1] != ' ') || !std::isupper(static_cast<unsigned char>(w.front()))) continue;
        if (w == "Jr" || w == "Sr" || w == "St") continue;
        return true;
    }
    return false;
}

// "In Ray, A. and McCray, R. A., editors, Supernova Impacts, ...": the editors are no
// venue; what follows them is.
static std::string_view after_editors(std::string_view rest) {
    for (std::string_view mark : {", editors, ", ", editor, ", " (eds.), ", " (ed.), ", " (Eds.), ", " (Ed.), ", ", eds., ", ", Eds., ",
                                  ", ed., ", ", Ed., ", " (eds), ", " (Eds) ", ", ed. ", ", eds. ", " (eds) ", " (ed) "})
        if (std::size_t at = rest.find(mark); at != std::string_view::npos && at < 200) return rest.substr(at + mark.size());
    // "Editor: Ann Doe and Bo Roe, Handbook of X": a label and the editors' names before the book.
    std::string_view r = rest;
    while (!r.empty() && (r.front() == ',' || r.front() == ';' || r.front() == '.' || r.front() == ' ')) r.remove_prefix(1);
    for (std::string_view label : {"Editor: ", "Editors: ", "Editor:", "Editors:", "Edited by ", "edited by "})
        if (r.substr(0, label.size()) == label) {
            const std::size_t comma = r.find(", ");
            if (comma != std::string_view::npos && comma < 120) return r.substr(comma + 2);
        }
    return rest;
}

// "Handbook of X (2022) ISBN: 978-...": the book's number ends where it appeared.
static std::string_view before_book_number(std::string_view rest) {
    const std::string lower = text::ascii_lower(rest);
    for (std::string_view mark : {"isbn", "issn"}) {
        const std::size_t at = lower.find(mark);
        if (at == std::string::npos || (at > 0 && std::isalnum(static_cast<unsigned char>(lower[at - 1])))) continue;
        rest = rest.substr(0, at);
    }
    return text::trim(rest);
}

// "Supernova Impacts, volume 296 of IAU Symposium, pages 372-373": the series a volume
// belongs to is the venue people name; empty when there is none.
static std::string series_of_volume(std::string_view rest) {
    const std::string lower = text::ascii_lower(rest);
    for (std::string_view vol : {"volume ", "vol. "}) {
        std::size_t at = lower.find(vol);
        if (at == std::string::npos || (at > 0 && lower[at - 1] != ' ' && lower[at - 1] != ',')) continue;
        std::size_t i = at + vol.size();
        const std::size_t digits = i;
        while (i < lower.size() && std::isdigit(static_cast<unsigned char>(lower[i]))) ++i;
        if (i == digits || lower.compare(i, 4, " of ") != 0) continue;
        std::string_view series = rest.substr(i + 4);
        series = text::trim(series.substr(0, series.find_first_of(",;(")));
        while (!series.empty() && series.back() == '.') series.remove_suffix(1);
        if (!series.empty() && chars::is_upper(chars::first(series)) && chars::count_words(series) <= 8) return std::string(series);
    }
    return {};
}

// "Fundamentals of Software Engineering. FSEN 2019. Lecture Notes in ...": Springer's
// citations name the proceedings, then the conference's acronym and year as a sentence
// of its own ("Proceedings of the Workshop on X, KDWeb, 2016": or as a comma part).
// The acronym, when `after` (the text after the venue) opens with one and a year.
static std::string acronym_sentence(std::string_view after) {
    while (!after.empty() && (after.front() == '.' || after.front() == ',' || after.front() == ' ')) after.remove_prefix(1);
    std::size_t sp = after.find(' ');
    if (sp == std::string_view::npos || sp < 2 || sp > 17) return {};
    std::string_view word = after.substr(0, sp);
    if (word.back() == ',') word.remove_suffix(1);
    if (!chars::is_upper(chars::first(word)) || chars::count_upper(word) < 2 || chars::count_upper(word) * 2 < chars::count_letters(word))
        return {};
    if (!std::all_of(word.begin(), word.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; })) return {};
    // The society or publisher after the name ("..., ACM, 2019") is no acronym of it.
    static constexpr std::string_view organizers[] = {"ACM", "IEEE", "SIAM", "AAAI", "IFIP", "USENIX", "SPIE", "AIP", "APS",
                                                      "ASME", "IET", "IOP", "ISCA", "ACL", "AMS", "ASA", "IMS", "EAI"};
    if (std::find(std::begin(organizers), std::end(organizers), word) != std::end(organizers)) return {};
    // "Proceedings of ADASS XXV, 2016": an edition's Roman numeral.
    if (word.find_first_not_of("IVXLCDM") == std::string_view::npos) return {};
    const auto years = find_years(after.substr(sp, 8));
    if (years.empty() || years.front().begin > 2) return {};
    return std::string(word);
}

// "Armonk, NY: M.E. Sharpe", "New York: Oxford University Press": a book's place of
// publication and its publisher. A publisher is no venue (the gold conventions name
// journals and meetings), so the imprint is taken off what follows the title.
static std::string_view without_imprint(std::string_view rest) {
    const std::size_t colon = rest.find(": ");
    if (colon == std::string_view::npos || colon > 40 || colon + 2 >= rest.size()) return rest;
    const std::string_view place = text::trim(rest.substr(0, colon));
    const std::size_t comma = place.find(", ");
    const std::string_view city = comma == std::string_view::npos ? place : place.substr(0, comma);
    const std::string_view state = comma == std::string_view::npos ? std::string_view() : text::trim(place.substr(comma + 2));
    if (city.empty() || chars::count_words(city) > 3 || !std::isupper(static_cast<unsigned char>(city.front()))) return rest;
    const bool named_place = state.empty() ? normalize::is_registry_city(city) || is_country_or_state(city)
                                           : is_location(city, state) || (normalize::is_registry_city(city) && is_country_or_state(state));
    if (!named_place) return rest;
    const std::string_view publisher = text::trim(rest.substr(colon + 2));
    return !publisher.empty() && std::isupper(static_cast<unsigned char>(publisher.front())) ? std::string_view() : rest;
}

std::string venue_from_rest(std::string_view rest) {
    rest = without_imprint(before_book_number(after_editors(rest)));
    if (std::string series = series_of_volume(rest); !series.empty()) return series;
    std::string v = venue_at_start(rest);
    // "Invited comment as part of a discussion. Journal of X. 26(4)": a remark
    // sentence before the venue is passed over; so is a list of people before it
    // ("Title. Ann Doe, Bo Roe. ICML 2024": the authors after the title).
    // (Only for a list of several people, or when a known venue follows: "Gynecol
    // Oncol. 2018 Apr" reads like a name and is a journal.)
    std::string_view r = rest;
    // ("Quasigroups and Rel. Sys" is no pair of people: "Rel." abbreviates a word, names
    // abbreviate to initials.)
    auto people = [](const std::string& x) {
        return !x.empty() && is_author_list(x) && !normalize::find_venue(x) && !has_abbreviated_word(x);
    };
    auto several = [](const std::string& x) { return x.find(", ") != std::string::npos || x.find(" and ") != std::string::npos; };
    bool skip_people = rest.find(". ") != std::string_view::npos && people(v);
    for (int skip = 0; skip < 2 && (v.empty() || skip_people); ++skip) {
        std::size_t dot = r.find(". ");
        if (dot == std::string_view::npos) break;
        r = r.substr(dot + 2);
        std::string next = venue_at_start(r);
        if (skip_people) {
            bool better = !next.empty() && (normalize::find_venue(next) ||
                                            (several(v) && !std::isdigit(static_cast<unsigned char>(next[0])) && !is_only_dates(next)));
            if (better) v = std::move(next);
            break;
        }
        v = std::move(next);
        skip_people = false;
    }
    if (!v.empty() && v.find('(') == std::string::npos && !normalize::find_venue(v)) {
        if (const std::size_t at = r.find(v); at != std::string_view::npos) {
            const std::string acronym = acronym_sentence(r.substr(at + v.size()));
            if (!acronym.empty()) v += " (" + acronym + ")";
        }
    }
    return v;
}

// "EBioMedicine (JCR Q1, IF=11.1) 87 (2023)", "(CCF-A)", "(Impact Factor: 5.7)": a
// ranking of the venue in brackets is no part of its name.
static std::string drop_ranking_asides(std::string_view s) {
    if (s.find('(') == std::string_view::npos) return std::string(s);
    std::string out;  // one pass: an erase per group was quadratic on a long entry
    out.reserve(s.size());
    std::size_t at = 0;
    for (std::size_t open = s.find('('); open != std::string_view::npos; open = s.find('(', at)) {
        const std::size_t close = s.find(')', open);
        if (close == std::string_view::npos) break;
        const std::string inner = " " + text::ascii_lower(s.substr(open + 1, std::min<std::size_t>(close - open - 1, 80))) + " ";
        bool ranking = false;
        for (std::string_view mark : {"if=", "if:", "if =", "impact factor", "jcr", "ccf", " sci ", " sci,", "h5-index", "core a", "core rank"})
            ranking = ranking || inner.find(mark) != std::string::npos;
        for (std::string_view q : {" q1", " q2", " q3", " q4"})
            if (std::size_t k = inner.find(q); k != std::string::npos && (inner[k + 3] == ' ' || inner[k + 3] == ',')) ranking = true;
        out.append(s.substr(at, open - at));
        if (!ranking) out.append(s.substr(open, close + 1 - open));
        at = close + 1;
    }
    out.append(s.substr(std::min(at, s.size())));
    return out;
}

// How many comma parts from `from` on make a venue name the table knows as a whole, as
// written ("Geochemistry, Geophysics, Geosystems"), the name in `name`; 0 when none of
// two to four does. A last part may carry the volume after the name ("Geosystems 22.10").
static std::size_t known_list_name(const std::vector<std::string>& segs, std::size_t from, std::string& name) {
    // Such a name starts with a capitalised part of a few words ("Geochemistry", "Journal of
    // College Student Retention: Research"): a sentence or a lower-case phrase starts none.
    const std::string_view first = text::trim(segs[from]);
    if (first.empty() || !chars::is_upper(chars::first(first)) || chars::count_words(first) > 8) return 0;
    for (std::size_t run = std::min<std::size_t>(4, segs.size() - from); run >= 2; --run) {
        std::string joined;
        bool whole = true;
        for (std::size_t k = from; k < from + run; ++k) {
            std::string_view part = text::trim(segs[k]);
            if (k + 1 == from + run) {  // "Geosystems 22.10": the volume after a space and a digit
                for (std::size_t i = 1; i < part.size(); ++i)
                    if (part[i - 1] == ' ' && std::isdigit(static_cast<unsigned char>(part[i]))) {
                        part = text::trim(part.substr(0, i));
                        break;
                    }
            }
            whole = whole && !part.empty();
            joined += (joined.empty() ? "" : ", ") + std::string(part);
        }
        if (!whole) continue;
        // "... Systems, Man, and Cybernetics (SMC)": the acronym in brackets is kept, not compared.
        const auto known = normalize::find_venue(joined);
        const std::string key = text::fold_key(text::without_brackets(joined));
        if (known && (text::fold_key(known->full_name) == key || text::fold_key(known->canonical) == key)) {
            name = std::move(joined);
            return run;
        }
    }
    return 0;
}

std::string venue_at_start(std::string_view rest) {
    std::string s = strip_leading_in(drop_ranking_asides(strip_links_and_ids(rest)));
    s = std::string(cut_sentences(s));
    // "Third National Conference on X; The perspective of Y": a venue's name ends at a
    // semicolon outside brackets ("(ISCA; Interspeech 2025)" is one aside), what follows
    // is a theme or a series.
    if (const std::size_t semi = s.find("; "); semi != std::string::npos && semi > 0) {
        const std::string_view before = std::string_view(s).substr(0, semi);
        const bool bracketed = std::count(before.begin(), before.end(), '(') > std::count(before.begin(), before.end(), ')');
        if (!bracketed && kind_from_words(before) != PublicationKind::other) s.resize(semi);
    }
    std::vector<std::string> segs = segments(s);
    std::string venue;
    std::size_t used = 0;
    for (std::size_t i = 0; i < segs.size() && used < 5; ++i) {
        const std::string& seg = segs[i];
        if (seg.empty()) {
            if (venue.empty()) continue;
            break;
        }
        // "Geochemistry, Geophysics, Geosystems 22.10": a name that is a list, known as a whole
        // to the venue table, is taken whole (each of its parts may name a journal of its own).
        if (venue.empty()) {
            if (const std::size_t run = known_list_name(segs, i, venue); run > 1) {
                used += run;
                i += run - 1;
                continue;
            }
        }
        std::string_view next = i + 1 < segs.size() ? std::string_view(segs[i + 1]) : std::string_view();
        // "Religion, Brain & Behavior, 13(3)": a short name part right before the volume.
        bool before_volume = !next.empty() && is_locator(next) && !is_only_dates(next) && chars::is_upper(chars::first(seg)) &&
                             std::count(seg.begin(), seg.end(), ' ') <= 3;
        // "Systems, Man, and Cybernetics": a list inside the name, closed by "and".
        bool in_list = std::count(seg.begin(), seg.end(), ' ') <= 1 && chars::is_upper(chars::first(seg)) && !next.empty() &&
                       (next.rfind("and ", 0) == 0 || next.rfind("& ", 0) == 0);
        // "Conference on Compilers, Programming Languages, Related Technologies and Applications
        // (CoRTA 2010)": a list inside the name that runs to the venue's acronym in brackets.
        bool to_acronym = false;
        if (!venue.empty())
            for (std::size_t j = i; j < segs.size() && j < i + 4; ++j) {
                if (segs[j].empty() || !chars::is_upper(chars::first(segs[j])) || chars::count_words(segs[j]) > 6 ||
                    is_location(segs[j], j + 1 < segs.size() ? std::string_view(segs[j + 1]) : std::string_view()))
                    break;
                if (ends_with_acronym_parens(segs[j])) {
                    to_acronym = true;
                    break;
                }
            }
        bool stop = is_only_dates(seg) || is_locator(seg) || is_note_start(seg) || is_location(seg, next) ||
                    (!venue.empty() && !continues_venue(seg) && !before_volume && !in_list && !to_acronym);
        if (stop) break;
        venue += (venue.empty() ? "" : ", ") + seg;
        ++used;
        if (!find_years(seg).empty() || ends_with_acronym_parens(seg)) break;
    }
    venue = drop_lowercase_asides(venue);
    while (!venue.empty() && std::string_view(".,;: ").find(venue.back()) != std::string_view::npos) venue.pop_back();
    // "Springer International Handbook of ...": the publisher is no part of the title.
    for (std::string_view publisher : {"Springer ", "Elsevier ", "Wiley "})
        if (venue.rfind(publisher, 0) == 0 && venue.size() > publisher.size() + 8) venue.erase(0, publisher.size());
    // "Proceedings of ADASS XXV": the edition number is no part of the name.
    if (std::size_t sp = venue.rfind(' '); sp != std::string::npos) {
        std::string_view last = std::string_view(venue).substr(sp + 1);
        if (last.size() >= 2 && std::all_of(last.begin(), last.end(), [](char c) { return std::string_view("IVXLC").find(c) != std::string_view::npos; }))
            venue.resize(sp);
    }
    // Venues are names: "metatranscriptomic analysis" is a note, "arXiv" and "npj ..." are names.
    std::string_view first_word = std::string_view(venue).substr(0, venue.find(' '));
    if (chars::is_lower(chars::first(venue)) && chars::count_upper(first_word) == 0 && !text::starts_with_icase(venue, "npj "))
        return {};
    return venue;
}

PublicationKind kind_from_words(std::string_view venue) {
    std::string l = " " + text::fold(venue) + " ";
    if (contains_any(l, {"patent"})) return PublicationKind::patent;
    if (contains_any(l, {"thesis", "dissertation"})) return PublicationKind::thesis;
    if (contains_any(l, {"workshop"})) return PublicationKind::workshop;
    if (contains_any(l, {"poster"})) return PublicationKind::poster;
    if (contains_any(l, {"arxiv", "preprint", "biorxiv", "medrxiv", "ssrn", "chemrxiv", "psyarxiv", "research square"}))
        return PublicationKind::preprint;
    if (contains_any(l, {"journal", "transactions", " trans.", " trans ", "letters", " lett.", "magazine", " review", "annals",
                         "bulletin", " j. ", " jour."}))
        return PublicationKind::journal;
    if (contains_any(l, {"conference", "proceedings", " proc.", " proc ", "symposium", " conf.", "congress"}))
        return PublicationKind::conference;
    return PublicationKind::other;
}

PublicationKind kind_from_heading(std::string_view heading) {
    std::string l = text::fold(heading);
    if (contains_any(l, {"patent"})) return PublicationKind::patent;
    if (contains_any(l, {"thesis", "theses", "dissertation"})) return PublicationKind::thesis;
    if (contains_any(l, {"workshop"})) return PublicationKind::workshop;
    if (contains_any(l, {"poster", "abstract"})) return PublicationKind::poster;
    if (contains_any(l, {"preprint", "manuscript", "submitted", "under review", "working paper", "in preparation", "submission"}))
        return PublicationKind::preprint;
    if (contains_any(l, {"journal"})) return PublicationKind::journal;
    if (contains_any(l, {"conference", "proceeding", "symposi"})) return PublicationKind::conference;
    return PublicationKind::other;
}

}  // namespace cvsearch::extract
