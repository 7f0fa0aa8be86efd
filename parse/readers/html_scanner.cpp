// A forgiving, non-recursive HTML scanner that turns pages and fragments into
// light markup. Malformed input degrades to text: a '<' that does not start a
// well-formed tag is kept as a character, unclosed elements simply end with the
// input, and there is no nesting stack whose depth an input could blow up.
#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "core/text.hpp"
#include "parse/readers/html.hpp"
#include "parse/readers/markup.hpp"
#include "parse/readers/utf8.hpp"

namespace cvsearch::readers::html {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_ws(char c) noexcept { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

template <std::size_t N>
bool one_of(std::string_view name, const std::string_view (&set)[N]) {
    return std::find(std::begin(set), std::end(set), name) != std::end(set);
}

// Elements whose content is never CV text.
constexpr std::string_view kDropped[] = {"script", "style", "noscript", "template", "svg", "iframe",
                                                       "object", "canvas", "nav", "textarea", "select", "button"};
// Elements that start a new line.
constexpr std::string_view kBlocks[] = {
    "div",   "section", "article", "header", "footer", "main",   "aside",   "blockquote",
    "address", "figure", "figcaption", "form", "fieldset", "center", "details", "summary",
    "table", "tbody",   "thead",   "tfoot",  "caption", "dt",     "dd",      "pre"};
// Elements allowed in <head>; any other start tag means the head is over.
constexpr std::string_view kHeadOnly[] = {"meta", "link", "title", "base", "script", "style", "noscript", "head"};
// Inline formatting that text extractors leave in plain text.
constexpr std::string_view kInline[] = {"u",    "b",    "i",   "em",   "strong", "sup", "sub", "span",
                                                      "small", "big", "mark", "s",  "del",    "ins", "a",   "font",
                                                      "code", "tt",   "abbr", "cite", "strike", "br"};

constexpr std::size_t kMaxTag = 64 * 1024;

// Structure tags that also turn up inside extracted plain text.
constexpr std::string_view kListAndBlock[] = {"ul", "ol", "li", "p", "div", "table", "tr", "td", "th"};

struct Tag {
    std::string name;  // lower-case
    bool closing = false;
    bool self_closing = false;
    std::vector<std::pair<std::string, std::string>> attrs;  // lower-case names, decoded values
    std::size_t end = 0;                                     // index just past '>'

    std::string_view attr(std::string_view n) const {
        for (const auto& [k, v] : attrs)
            if (k == n) return v;
        return {};
    }
};

// Parses the tag at s[i] == '<'; std::nullopt when that '<' is just a character.
std::optional<Tag> parse_tag(std::string_view whole, std::size_t i) {
    // A tag ends within kMaxTag bytes or the '<' is text: no rescanning the rest
    // of the input for every stray '<'.
    std::string_view s = whole.substr(0, std::min(whole.size(), i + kMaxTag));
    std::size_t gt = s.find('>', i);
    if (gt == npos) return std::nullopt;
    // "<https://x.org>" and "<jane@x.org>" are Markdown autolinks, not tags.
    std::string_view inside = s.substr(i + 1, gt - i - 1);
    bool no_space = std::none_of(inside.begin(), inside.end(), [](char ch) { return is_ws(ch); });
    if (no_space && (inside.find("://") != npos || inside.find('@') != npos)) return std::nullopt;
    Tag tag;
    std::size_t j = i + 1;
    if (j < s.size() && s[j] == '/') { tag.closing = true; ++j; }
    if (j >= s.size() || !utf8::is_ascii_alpha(s[j])) return std::nullopt;
    std::size_t name_start = j;
    while (j < s.size() && (utf8::is_ascii_alnum(s[j]) || s[j] == '-' || s[j] == ':' || s[j] == '_')) ++j;
    tag.name = text::ascii_lower(s.substr(name_start, j - name_start));
    while (j < s.size()) {
        while (j < s.size() && (is_ws(s[j]) || s[j] == '/')) {
            if (s[j] == '/') tag.self_closing = true;
            ++j;
        }
        if (j >= s.size()) return std::nullopt;
        if (s[j] == '>') { tag.end = j + 1; return tag; }
        tag.self_closing = false;
        std::size_t a = j;
        while (j < s.size() && !is_ws(s[j]) && s[j] != '=' && s[j] != '>' && s[j] != '/') ++j;
        if (j == a) ++j;  // a stray '"' or '=' where a name belongs: step over it
        std::string key = text::ascii_lower(s.substr(a, j - a));
        while (j < s.size() && is_ws(s[j])) ++j;
        std::string value;
        if (j < s.size() && s[j] == '=') {
            ++j;
            while (j < s.size() && is_ws(s[j])) ++j;
            if (j < s.size() && (s[j] == '"' || s[j] == '\'')) {
                std::size_t close = s.find(s[j], j + 1);
                if (close == npos) {  // unterminated quote: end the tag at the next '>'
                    std::size_t gt = s.find('>', j);
                    if (gt == npos) return std::nullopt;
                    tag.end = gt + 1;
                    return tag;
                }
                value = decode_entities(s.substr(j + 1, close - j - 1));
                j = close + 1;
            } else {
                std::size_t v = j;
                while (j < s.size() && !is_ws(s[j]) && s[j] != '>') ++j;
                value = decode_entities(s.substr(v, j - v));
            }
        }
        if (!key.empty()) tag.attrs.emplace_back(std::move(key), std::move(value));
    }
    return std::nullopt;
}

// Index of the end of "</name ...>" at or after `from` (case-insensitive), or s.size().
std::size_t skip_to_close(std::string_view s, std::size_t from, std::string_view name) {
    std::string closing = "</" + std::string(name);
    for (std::size_t i = from; i + closing.size() <= s.size(); ++i) {
        if (s[i] != '<' || !text::starts_with_icase(s.substr(i), closing)) continue;
        std::size_t after = i + closing.size();
        if (after < s.size() && utf8::is_ascii_alnum(s[after])) continue;  // "</scripts"
        std::size_t gt = s.find('>', after);
        return gt == npos ? s.size() : gt + 1;
    }
    return s.size();
}

class Scanner {
  public:
    Scanner(std::string_view html, bool markdown) : src_(markup::drop_template_tags(html)), md_(markdown) {}

    TextDocument run() {
        std::string_view s = src_;
        std::size_t text_start = 0;
        for (std::size_t i = 0; i < s.size();) {
            if (s[i] != '<') { ++i; continue; }
            emit_text(s.substr(text_start, i - text_start));  // text before the tag goes out first
            text_start = i;
            std::size_t next = markup_at(s, i);
            if (next == i) { ++i; continue; }  // a plain '<': stays in the pending text
            i = next;
            text_start = next;
        }
        emit_text(s.substr(text_start));
        note_emphasized();
        return std::move(doc_);
    }

    // The lines holding <b>/<strong> spans, with each span marked **...** as
    // Markdown would (TextDocument::emphasized).
    void note_emphasized() {
        const std::string& t = doc_.text;
        std::size_t line_begin = npos, line_end = 0, from = 0;
        std::string line;
        auto flush = [&] {
            if (line_begin == npos) return;
            line.append(t, from, line_end - from);
            doc_.emphasized.append(line).push_back('\n');
            line.clear();
            line_begin = npos;
        };
        for (auto [b, e] : bold_spans_) {
            if (line_begin == npos || b >= line_end) {  // a new line: each is searched once, so linear
                flush();
                std::size_t lb = b == 0 ? npos : t.rfind('\n', b - 1);
                line_begin = lb == npos ? 0 : lb + 1;
                line_end = std::min(t.size(), t.find('\n', e));
                from = line_begin;
            }
            line.append(t, from, b - from).append("**").append(t, b, e - b).append("**");
            from = e;
        }
        flush();
    }

  private:
    // Handles comments, declarations and tags at s[i] == '<'; returns the index
    // after them, or i when the '<' is plain text.
    std::size_t markup_at(std::string_view s, std::size_t i) {
        if (s.compare(i, 4, "<!--") == 0) {
            std::size_t end = s.find("-->", i + 4);
            return end == npos ? s.size() : end + 3;
        }
        if (s.compare(i, 9, "<![CDATA[") == 0) {
            std::size_t end = s.find("]]>", i + 9);
            std::size_t stop = end == npos ? s.size() : end;
            emit_text(s.substr(i + 9, stop - i - 9));
            return end == npos ? s.size() : end + 3;
        }
        if (i + 1 < s.size() && (s[i + 1] == '!' || s[i + 1] == '?')) {
            std::size_t end = s.find('>', i);
            return end == npos ? s.size() : end + 1;
        }
        std::optional<Tag> tag = parse_tag(s, i);
        if (!tag) return i;
        if (tag->closing) {
            on_end(*tag);
            return tag->end;
        }
        if (!tag->self_closing && one_of(tag->name, kDropped)) {
            std::size_t close = skip_to_close(s, tag->end, tag->name);
            if (tag->name == "nav" && doc_.name_hint.empty()) note_name(brand_in(s.substr(tag->end, close - tag->end)));
            return close;
        }
        if (tag->name == "title" && !tag->self_closing) {
            std::size_t close = skip_to_close(s, tag->end, "title");
            std::size_t text_end = std::min(close, s.find('<', tag->end));
            note_name(markup::person_name_in(decode_entities(s.substr(tag->end, text_end - tag->end))));
            return close;
        }
        on_start(*tag);
        return tag->end;
    }

    void on_start(const Tag& t) {
        const std::string& n = t.name;
        if ((n == "b" || n == "strong") && bold_depth_++ == 0) bold_open_ = doc_.text.size();
        if ((n == "i" || n == "em" || n == "cite") && italic_depth_++ == 0) italic_open_ = doc_.text.size();
        if (!venue_tag_.empty() && n == venue_tag_) ++venue_depth_;
        else if (venue_tag_.empty() && is_venue_class(t.attr("class"))) {
            venue_tag_ = n;
            venue_depth_ = 1;
            venue_open_ = doc_.text.size();
        }
        if (n == "head") { in_head_ = true; return; }
        if (in_head_ && !one_of(n, kHeadOnly)) in_head_ = false;
        if (n == "body") { in_head_ = false; return; }
        if (n == "meta") {
            std::string key = text::ascii_lower(t.attr("name"));
            if (key.empty()) key = text::ascii_lower(t.attr("property"));
            // <meta name=author>, and the page's Open Graph / Twitter card title or site name
            // when it reads as a person's ("Jane Doe", "CV | Jane Doe").
            if (key == "author" || key == "og:site_name" || key == "og:title" || key == "twitter:title")
                note_name(markup::person_name_in(t.attr("content")));
            return;
        }
        if (n.size() == 2 && n[0] == 'h' && n[1] >= '1' && n[1] <= '6') {
            // Headings do not nest: "<h3>Title, 2020<h3>" typed for its end tag, an <h3>
            // opened in an open one closes that one (as an HTML5 parser does). Else every
            // line after it is read as one heading.
            if (heading_ > 0 && pseudo_heading_tag_.empty()) heading_ = 0;
            paragraph_break();
            // <h3> under an <h2> section titles an entry (an employer, a school): keep the level.
            start_line_with(std::string(static_cast<std::size_t>(n[1] - '0'), '#') + " ");
            ++heading_;
            return;
        }
        if (n == "li") {
            std::string bullet = "- ";
            if (!lists_.empty() && lists_.back() >= 0) bullet += std::to_string(++lists_.back()) + ". ";
            start_line_with(bullet);
            return;
        }
        if (n == "ul" || n == "ol" || n == "menu" || n == "dl") {
            int start = 0;
            if (n == "ol") {
                std::string_view a = t.attr("start");
                start = a.empty() ? 0 : std::max(0, std::atoi(std::string(a).c_str()) - 1);
            }
            lists_.push_back(n == "ol" ? start : -1);
            line_break();
            return;
        }
        if (n == "p" || n == "hr") { paragraph_break(); return; }
        if (n == "br") { line_break(); return; }
        if (n == "tr") { line_break(); cell_ = 0; return; }
        if (n == "td" || n == "th") {
            if (cell_++ > 0) append(" | ");
            return;
        }
        if (n == "a") {
            anchor_href_ = std::string(t.attr("href"));
            anchor_start_ = doc_.text.size();
            anchor_brand_ = is_brand_class(t.attr("class"));
            return;
        }
        if (!pseudo_heading_tag_.empty() && n == pseudo_heading_tag_) ++pseudo_heading_depth_;
        if (one_of(n, kBlocks) || n == "span") {
            if (n == "pre") ++pre_;
            if (pseudo_heading_tag_.empty() && heading_ == 0 && is_heading_class(t.attr("class"))) {
                // <div class="cv-section-title">Education</div>: a heading in all but name
                paragraph_break();
                start_line_with("# ");
                ++heading_;
                pseudo_heading_tag_ = n;
                pseudo_heading_depth_ = 1;
                return;
            }
            if (n != "span") line_break();
        }
    }

    // "brand", "navbar-brand", "site-title", "site-name": the link to the site's
    // home page that carries its name.
    static bool is_brand_class(std::string_view cls) {
        if (cls.empty()) return false;
        std::string c = text::ascii_lower(cls);
        for (std::string_view k : {"brand", "site-title", "site-name", "site_title", "sitetitle"})
            if (c.find(k) != std::string::npos) return true;
        return false;
    }

    // The person named by the brand link of a navigation bar (its text, tags
    // dropped), or "".
    static std::string brand_in(std::string_view nav) {
        for (std::size_t at = nav.find("<a"); at != npos; at = nav.find("<a", at + 2)) {
            std::optional<Tag> a = parse_tag(nav, at);
            if (!a || a->name != "a" || !is_brand_class(a->attr("class"))) continue;
            std::size_t end = nav.find("</a", a->end);
            std::string label;
            bool in_tag = false;
            for (char c : nav.substr(a->end, (end == npos ? nav.size() : end) - a->end)) {
                if (c == '<') in_tag = true;
                else if (c == '>') in_tag = false;
                else if (!in_tag) label.push_back(c == '\n' || c == '\t' ? ' ' : c);
            }
            return markup::person_name_in(decode_entities(label));
        }
        return {};
    }

    // "venue", "paper-venue", "pub-venue": the element holds where a paper appeared.
    static bool is_venue_class(std::string_view cls) {
        return !cls.empty() && text::ascii_lower(cls).find("venue") != std::string::npos;
    }

    // The text since `open` when it is short and on one line (a venue element's, an
    // italic span's), added to `into`.
    void note_span(std::size_t open, std::vector<std::string>& into) {
        std::string_view t = std::string_view(doc_.text).substr(std::min(open, doc_.text.size()));
        t = text::trim(t);
        constexpr std::size_t kMaxSpans = 4096;
        if (t.empty() || t.size() > 200 || t.find('\n') != std::string_view::npos || into.size() >= kMaxSpans) return;
        if (into.empty() || into.back() != t) into.emplace_back(t);
    }

    static bool is_heading_class(std::string_view cls) {
        std::string c = text::ascii_lower(cls);
        for (std::string_view k : {"section-title", "section-heading", "sectiontitle", "section_title", "section-header"})
            if (c.find(k) != std::string::npos) return true;
        return false;
    }

    void on_end(const Tag& t) {
        const std::string& n = t.name;
        if (!venue_tag_.empty() && n == venue_tag_ && --venue_depth_ == 0) {
            note_span(venue_open_, doc_.venue_hints);
            venue_tag_.clear();
        }
        if ((n == "i" || n == "em" || n == "cite") && italic_depth_ > 0 && --italic_depth_ == 0) note_span(italic_open_, doc_.italics);
        if ((n == "b" || n == "strong") && bold_depth_ > 0 && --bold_depth_ == 0) {
            std::size_t e = doc_.text.size();
            // A short span within one line: a name, not a bold paragraph.
            if (bold_open_ < e && e - bold_open_ <= 80 && doc_.text.find('\n', bold_open_) >= e &&
                (bold_spans_.empty() || bold_spans_.back().second <= bold_open_))
                bold_spans_.emplace_back(bold_open_, e);
        }
        if (!pseudo_heading_tag_.empty() && n == pseudo_heading_tag_ && --pseudo_heading_depth_ == 0) {
            pseudo_heading_tag_.clear();
            heading_ = std::max(0, heading_ - 1);
            paragraph_break();
            return;
        }
        if (n == "head") { in_head_ = false; return; }
        if (n.size() == 2 && n[0] == 'h' && n[1] >= '1' && n[1] <= '6') {
            heading_ = std::max(0, heading_ - 1);
            paragraph_break();
            return;
        }
        if (n == "ul" || n == "ol" || n == "menu" || n == "dl") {
            if (!lists_.empty()) lists_.pop_back();
            // The end of the outermost list ends its last item: the text after it is
            // no continuation line of that item.
            if (lists_.empty()) paragraph_break();
            else line_break();
            return;
        }
        if (n == "p") { paragraph_break(); return; }
        if (n == "a") { end_anchor(); return; }
        if (n == "li" || n == "tr" || one_of(n, kBlocks)) {
            if (n == "pre") pre_ = std::max(0, pre_ - 1);
            line_break();
        }
    }

    void end_anchor() {
        if (anchor_start_ == npos) return;
        std::string label = anchor_start_ <= doc_.text.size() ? doc_.text.substr(anchor_start_) : std::string();
        std::string mail = markup::mailto_address(anchor_href_);
        if (!mail.empty()) markup::add_unique(doc_.email_hints, mail);
        // <a class="navbar-brand">Jane Doe</a>: a personal site's brand is its owner.
        if (anchor_brand_ && mail.empty()) note_name(markup::person_name_in(label));
        anchor_brand_ = false;
        std::string key = text::fold_key(label);
        if (mail.empty() && doc_.homepage_hint.empty() &&
            (key == "homepage" || key == "home page" || key == "website" || key == "personal website"))
            doc_.homepage_hint = anchor_href_;
        anchor_start_ = npos;
        anchor_href_.clear();
    }

    void note_name(std::string name) {
        if (doc_.name_hint.empty() && !name.empty()) doc_.name_hint = std::move(name);
    }

    // ---- output ----------------------------------------------------------------

    void emit_text(std::string_view raw) {
        if (raw.empty() || in_head_) return;
        std::string s = decode_entities(raw);
        std::string& out = doc_.text;
        for (char c : s) {
            if (pre_ > 0 && heading_ == 0) { out.push_back(c); continue; }
            if (c == '\n' && md_ && heading_ == 0) {
                if (suppress_newline_) { suppress_newline_ = false; continue; }
                if (!prefix_pending_) out.push_back('\n');
                continue;
            }
            if (is_ws(c)) {
                if (!prefix_pending_ && !out.empty() && out.back() != ' ' && out.back() != '\n') out.push_back(' ');
                continue;
            }
            out.push_back(c);
            prefix_pending_ = false;
            suppress_newline_ = false;
        }
    }

    void append(std::string_view s) {
        doc_.text += s;
        prefix_pending_ = false;
    }

    void line_break() {
        std::string& out = doc_.text;
        if (heading_ > 0) {
            if (!out.empty() && out.back() != ' ') out.push_back(' ');
            return;
        }
        if (!out.empty() && out.back() != '\n') out.push_back('\n');
        prefix_pending_ = false;
        suppress_newline_ = md_;
    }

    void paragraph_break() {
        if (heading_ > 0) return line_break();
        line_break();
        std::string& out = doc_.text;
        if (!out.empty() && (out.size() < 2 || out[out.size() - 2] != '\n')) out.push_back('\n');
        suppress_newline_ = md_;
    }

    void start_line_with(std::string_view prefix) {
        line_break();
        doc_.text += prefix;
        prefix_pending_ = true;
    }

    std::string src_;
    bool md_;
    TextDocument doc_;
    bool in_head_ = false;
    int heading_ = 0;
    int pre_ = 0;
    int cell_ = 0;
    bool prefix_pending_ = false;    // a "- " or "## " was written: skip white space until text
    bool suppress_newline_ = false;  // a tag already broke the line: the source's own '\n' is redundant
    std::vector<int> lists_;         // -1 for ul, else the ol counter
    std::size_t anchor_start_ = npos;
    std::string anchor_href_;
    std::vector<std::pair<std::size_t, std::size_t>> bold_spans_;  // [begin, end) of <b>/<strong> text in doc_.text
    std::size_t bold_open_ = npos;
    int bold_depth_ = 0;
    bool anchor_brand_ = false;  ///< the open <a> is the site's brand link
    int italic_depth_ = 0;            // open <i>/<em>/<cite> elements
    std::size_t italic_open_ = 0;
    std::string venue_tag_;           // the open element whose class marks a venue
    int venue_depth_ = 0;
    std::size_t venue_open_ = 0;      // where its text starts in doc_.text
    std::string pseudo_heading_tag_;  // the element whose class made it a heading
    int pseudo_heading_depth_ = 0;
};

}  // namespace

TextDocument to_markup(std::string_view html, bool markdown_fragment) { return Scanner(html, markdown_fragment).run(); }

std::string strip_inline_tags(std::string_view s) {
    if (s.find('<') == npos) return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '<') {
            if (s.compare(i, 4, "<!--") == 0) {
                std::size_t end = s.find("-->", i + 4);
                if (end != npos) { i = end + 3; continue; }
            }
            std::optional<Tag> tag = parse_tag(s, i);
            if (tag && one_of(tag->name, kInline)) {
                if (tag->name == "br") out.push_back('\n');
                i = tag->end;
                continue;
            }
            if (tag && one_of(tag->name, kListAndBlock)) {  // "<ul> <li>Intern</li> </ul>" left in a line
                while (!out.empty() && out.back() == ' ') out.pop_back();
                if (tag->name == "td" || tag->name == "th") {
                    if (!tag->closing) out += " | ";
                } else if (tag->name != "li" || !tag->closing) {
                    if (!out.empty() && out.back() != '\n') out.push_back('\n');
                    if (tag->name == "li") out += "- ";
                }
                i = tag->end;
                while (i < s.size() && s[i] == ' ') ++i;
                continue;
            }
        }
        out.push_back(s[i++]);
    }
    return out;
}

}  // namespace cvsearch::readers::html
