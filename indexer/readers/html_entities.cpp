// Character references for the HTML, Markdown and text readers.
//
// The table holds what CV pages use: markup characters, all of Latin-1 (the
// accented letters of European names), Latin Extended-A (Polish, Czech,
// Turkish, Hungarian names), Greek letters, punctuation and a few symbols.
// "legacy" marks the names browsers also accept without a ';' ("&nbsp").
#include <algorithm>
#include <array>
#include <cctype>

#include "indexer/readers/html.hpp"
#include "indexer/readers/utf8.hpp"

namespace cvsearch::readers::html {
namespace {

struct Entity {
    std::string_view name;
    char32_t code_point;
    bool legacy;
};

// Sorted by name (byte order) for binary search.
constexpr Entity kEntities[] = {
    {"AElig", 0xC6, true},
    {"AMP", 0x26, true},
    {"Aacute", 0xC1, true},
    {"Abreve", 0x102, false},
    {"Acirc", 0xC2, true},
    {"Agrave", 0xC0, true},
    {"Alpha", 0x391, false},
    {"Amacr", 0x100, false},
    {"Aogon", 0x104, false},
    {"Aring", 0xC5, true},
    {"Atilde", 0xC3, true},
    {"Auml", 0xC4, true},
    {"Beta", 0x392, false},
    {"COPY", 0xA9, true},
    {"Cacute", 0x106, false},
    {"Ccaron", 0x10C, false},
    {"Ccedil", 0xC7, true},
    {"Ccirc", 0x108, false},
    {"Cdot", 0x10A, false},
    {"Chi", 0x3A7, false},
    {"Dagger", 0x2021, false},
    {"Dcaron", 0x10E, false},
    {"Delta", 0x394, false},
    {"Dstrok", 0x110, false},
    {"ENG", 0x14A, false},
    {"ETH", 0xD0, true},
    {"Eacute", 0xC9, true},
    {"Ecaron", 0x11A, false},
    {"Ecirc", 0xCA, true},
    {"Edot", 0x116, false},
    {"Egrave", 0xC8, true},
    {"Emacr", 0x112, false},
    {"Eogon", 0x118, false},
    {"Epsilon", 0x395, false},
    {"Eta", 0x397, false},
    {"Euml", 0xCB, true},
    {"GT", 0x3E, true},
    {"Gamma", 0x393, false},
    {"Gbreve", 0x11E, false},
    {"Gcedil", 0x122, false},
    {"Gcirc", 0x11C, false},
    {"Gdot", 0x120, false},
    {"Hat", 0x5E, false},
    {"Hcirc", 0x124, false},
    {"Hstrok", 0x126, false},
    {"IJlig", 0x132, false},
    {"Iacute", 0xCD, true},
    {"Icirc", 0xCE, true},
    {"Idot", 0x130, false},
    {"Igrave", 0xCC, true},
    {"Imacr", 0x12A, false},
    {"Iogon", 0x12E, false},
    {"Iota", 0x399, false},
    {"Itilde", 0x128, false},
    {"Iuml", 0xCF, true},
    {"Jcirc", 0x134, false},
    {"Kappa", 0x39A, false},
    {"Kcedil", 0x136, false},
    {"LT", 0x3C, true},
    {"Lacute", 0x139, false},
    {"Lambda", 0x39B, false},
    {"Lcaron", 0x13D, false},
    {"Lcedil", 0x13B, false},
    {"Lmidot", 0x13F, false},
    {"Lstrok", 0x141, false},
    {"Mu", 0x39C, false},
    {"Nacute", 0x143, false},
    {"Ncaron", 0x147, false},
    {"Ncedil", 0x145, false},
    {"NewLine", 0xA, false},
    {"Ntilde", 0xD1, true},
    {"Nu", 0x39D, false},
    {"OElig", 0x152, false},
    {"Oacute", 0xD3, true},
    {"Ocirc", 0xD4, true},
    {"Odblac", 0x150, false},
    {"Ograve", 0xD2, true},
    {"Omacr", 0x14C, false},
    {"Omega", 0x3A9, false},
    {"Omicron", 0x39F, false},
    {"Oslash", 0xD8, true},
    {"Otilde", 0xD5, true},
    {"Ouml", 0xD6, true},
    {"Phi", 0x3A6, false},
    {"Pi", 0x3A0, false},
    {"Prime", 0x2033, false},
    {"Psi", 0x3A8, false},
    {"QUOT", 0x22, true},
    {"REG", 0xAE, true},
    {"Racute", 0x154, false},
    {"Rcaron", 0x158, false},
    {"Rcedil", 0x156, false},
    {"Rho", 0x3A1, false},
    {"Sacute", 0x15A, false},
    {"Scaron", 0x160, false},
    {"Scedil", 0x15E, false},
    {"Scirc", 0x15C, false},
    {"Sigma", 0x3A3, false},
    {"THORN", 0xDE, true},
    {"TRADE", 0x2122, false},
    {"Tab", 0x9, false},
    {"Tau", 0x3A4, false},
    {"Tcaron", 0x164, false},
    {"Tcedil", 0x162, false},
    {"Theta", 0x398, false},
    {"Tstrok", 0x166, false},
    {"Uacute", 0xDA, true},
    {"Ubreve", 0x16C, false},
    {"Ucirc", 0xDB, true},
    {"Udblac", 0x170, false},
    {"Ugrave", 0xD9, true},
    {"Umacr", 0x16A, false},
    {"Uogon", 0x172, false},
    {"Upsilon", 0x3A5, false},
    {"Uring", 0x16E, false},
    {"Utilde", 0x168, false},
    {"Uuml", 0xDC, true},
    {"VerticalLine", 0x7C, false},
    {"Wcirc", 0x174, false},
    {"Xi", 0x39E, false},
    {"Yacute", 0xDD, true},
    {"Ycirc", 0x176, false},
    {"Yuml", 0x178, false},
    {"Zacute", 0x179, false},
    {"Zcaron", 0x17D, false},
    {"Zdot", 0x17B, false},
    {"Zeta", 0x396, false},
    {"aacute", 0xE1, true},
    {"abreve", 0x103, false},
    {"acirc", 0xE2, true},
    {"acute", 0xB4, true},
    {"aelig", 0xE6, true},
    {"agrave", 0xE0, true},
    {"alpha", 0x3B1, false},
    {"amacr", 0x101, false},
    {"amp", 0x26, true},
    {"aogon", 0x105, false},
    {"apos", 0x27, false},
    {"aring", 0xE5, true},
    {"ast", 0x2A, false},
    {"asymp", 0x2248, false},
    {"atilde", 0xE3, true},
    {"auml", 0xE4, true},
    {"bdquo", 0x201E, false},
    {"beta", 0x3B2, false},
    {"brvbar", 0xA6, true},
    {"bsol", 0x5C, false},
    {"bull", 0x2022, false},
    {"bullet", 0x2022, false},
    {"cacute", 0x107, false},
    {"ccaron", 0x10D, false},
    {"ccedil", 0xE7, true},
    {"ccirc", 0x109, false},
    {"cdot", 0x10B, false},
    {"cedil", 0xB8, true},
    {"cent", 0xA2, true},
    {"check", 0x2713, false},
    {"checkmark", 0x2713, false},
    {"chi", 0x3C7, false},
    {"circ", 0x2C6, false},
    {"colon", 0x3A, false},
    {"comma", 0x2C, false},
    {"commat", 0x40, false},
    {"copy", 0xA9, true},
    {"cross", 0x2717, false},
    {"curren", 0xA4, true},
    {"dagger", 0x2020, false},
    {"darr", 0x2193, false},
    {"dash", 0x2010, false},
    {"dcaron", 0x10F, false},
    {"deg", 0xB0, true},
    {"delta", 0x3B4, false},
    {"divide", 0xF7, true},
    {"dollar", 0x24, false},
    {"dstrok", 0x111, false},
    {"eacute", 0xE9, true},
    {"ecaron", 0x11B, false},
    {"ecirc", 0xEA, true},
    {"edot", 0x117, false},
    {"egrave", 0xE8, true},
    {"emacr", 0x113, false},
    {"emsp", 0x2003, false},
    {"eng", 0x14B, false},
    {"ensp", 0x2002, false},
    {"eogon", 0x119, false},
    {"epsilon", 0x3B5, false},
    {"equals", 0x3D, false},
    {"equiv", 0x2261, false},
    {"eta", 0x3B7, false},
    {"eth", 0xF0, true},
    {"euml", 0xEB, true},
    {"euro", 0x20AC, false},
    {"excl", 0x21, false},
    {"fnof", 0x192, false},
    {"frac12", 0xBD, true},
    {"frac14", 0xBC, true},
    {"frac34", 0xBE, true},
    {"frasl", 0x2044, false},
    {"gamma", 0x3B3, false},
    {"gbreve", 0x11F, false},
    {"gcirc", 0x11D, false},
    {"gdot", 0x121, false},
    {"ge", 0x2265, false},
    {"grave", 0x60, false},
    {"gt", 0x3E, true},
    {"hArr", 0x21D4, false},
    {"harr", 0x2194, false},
    {"hcirc", 0x125, false},
    {"hearts", 0x2665, false},
    {"hellip", 0x2026, false},
    {"horbar", 0x2015, false},
    {"hstrok", 0x127, false},
    {"hyphen", 0x2010, false},
    {"iacute", 0xED, true},
    {"icirc", 0xEE, true},
    {"iexcl", 0xA1, true},
    {"igrave", 0xEC, true},
    {"ijlig", 0x133, false},
    {"imacr", 0x12B, false},
    {"imath", 0x131, false},
    {"infin", 0x221E, false},
    {"inodot", 0x131, false},
    {"iogon", 0x12F, false},
    {"iota", 0x3B9, false},
    {"iquest", 0xBF, true},
    {"itilde", 0x129, false},
    {"iuml", 0xEF, true},
    {"jcirc", 0x135, false},
    {"kappa", 0x3BA, false},
    {"kcedil", 0x137, false},
    {"lArr", 0x21D0, false},
    {"lacute", 0x13A, false},
    {"lambda", 0x3BB, false},
    {"laquo", 0xAB, true},
    {"larr", 0x2190, false},
    {"lbrace", 0x7B, false},
    {"lbrack", 0x5B, false},
    {"lcaron", 0x13E, false},
    {"lcedil", 0x13C, false},
    {"lcub", 0x7B, false},
    {"ldquo", 0x201C, false},
    {"le", 0x2264, false},
    {"lmidot", 0x140, false},
    {"lowast", 0x2217, false},
    {"lowbar", 0x5F, false},
    {"loz", 0x25CA, false},
    {"lpar", 0x28, false},
    {"lrm", 0x200E, false},
    {"lsaquo", 0x2039, false},
    {"lsqb", 0x5B, false},
    {"lsquo", 0x2018, false},
    {"lstrok", 0x142, false},
    {"lt", 0x3C, true},
    {"macr", 0xAF, true},
    {"mdash", 0x2014, false},
    {"micro", 0xB5, true},
    {"midast", 0x2A, false},
    {"middot", 0xB7, true},
    {"minus", 0x2212, false},
    {"mldr", 0x2026, false},
    {"mu", 0x3BC, false},
    {"nacute", 0x144, false},
    {"nbsp", 0xA0, true},
    {"ncaron", 0x148, false},
    {"ncedil", 0x146, false},
    {"ndash", 0x2013, false},
    {"ne", 0x2260, false},
    {"nldr", 0x2025, false},
    {"not", 0xAC, true},
    {"ntilde", 0xF1, true},
    {"nu", 0x3BD, false},
    {"num", 0x23, false},
    {"oacute", 0xF3, true},
    {"ocirc", 0xF4, true},
    {"odblac", 0x151, false},
    {"oelig", 0x153, false},
    {"ograve", 0xF2, true},
    {"oline", 0x203E, false},
    {"omacr", 0x14D, false},
    {"omega", 0x3C9, false},
    {"omicron", 0x3BF, false},
    {"ordf", 0xAA, true},
    {"ordm", 0xBA, true},
    {"oslash", 0xF8, true},
    {"otilde", 0xF5, true},
    {"ouml", 0xF6, true},
    {"para", 0xB6, true},
    {"percnt", 0x25, false},
    {"period", 0x2E, false},
    {"permil", 0x2030, false},
    {"phi", 0x3C6, false},
    {"phone", 0x260E, false},
    {"pi", 0x3C0, false},
    {"piv", 0x3D6, false},
    {"plus", 0x2B, false},
    {"plusmn", 0xB1, true},
    {"pound", 0xA3, true},
    {"prime", 0x2032, false},
    {"psi", 0x3C8, false},
    {"quest", 0x3F, false},
    {"quot", 0x22, true},
    {"rArr", 0x21D2, false},
    {"racute", 0x155, false},
    {"radic", 0x221A, false},
    {"raquo", 0xBB, true},
    {"rarr", 0x2192, false},
    {"rbrace", 0x7D, false},
    {"rbrack", 0x5D, false},
    {"rcaron", 0x159, false},
    {"rcedil", 0x157, false},
    {"rcub", 0x7D, false},
    {"rdquo", 0x201D, false},
    {"rdquor", 0x201D, false},
    {"reg", 0xAE, true},
    {"rho", 0x3C1, false},
    {"rlm", 0x200F, false},
    {"rpar", 0x29, false},
    {"rsaquo", 0x203A, false},
    {"rsqb", 0x5D, false},
    {"rsquo", 0x2019, false},
    {"rsquor", 0x2019, false},
    {"sacute", 0x15B, false},
    {"sbquo", 0x201A, false},
    {"scaron", 0x161, false},
    {"scedil", 0x15F, false},
    {"scirc", 0x15D, false},
    {"sect", 0xA7, true},
    {"semi", 0x3B, false},
    {"shy", 0xAD, true},
    {"sigma", 0x3C3, false},
    {"sigmaf", 0x3C2, false},
    {"sim", 0x223C, false},
    {"sol", 0x2F, false},
    {"star", 0x2606, false},
    {"starf", 0x2605, false},
    {"sung", 0x266A, false},
    {"sup1", 0xB9, true},
    {"sup2", 0xB2, true},
    {"sup3", 0xB3, true},
    {"szlig", 0xDF, true},
    {"tau", 0x3C4, false},
    {"tcaron", 0x165, false},
    {"tcedil", 0x163, false},
    {"theta", 0x3B8, false},
    {"thetasym", 0x3D1, false},
    {"thinsp", 0x2009, false},
    {"thorn", 0xFE, true},
    {"tilde", 0x2DC, false},
    {"times", 0xD7, true},
    {"trade", 0x2122, false},
    {"tstrok", 0x167, false},
    {"uacute", 0xFA, true},
    {"uarr", 0x2191, false},
    {"ubreve", 0x16D, false},
    {"ucirc", 0xFB, true},
    {"udblac", 0x171, false},
    {"ugrave", 0xF9, true},
    {"umacr", 0x16B, false},
    {"uml", 0xA8, true},
    {"uogon", 0x173, false},
    {"upsih", 0x3D2, false},
    {"upsilon", 0x3C5, false},
    {"uring", 0x16F, false},
    {"utilde", 0x169, false},
    {"uuml", 0xFC, true},
    {"verbar", 0x7C, false},
    {"vert", 0x7C, false},
    {"wcirc", 0x175, false},
    {"xi", 0x3BE, false},
    {"yacute", 0xFD, true},
    {"ycirc", 0x177, false},
    {"yen", 0xA5, true},
    {"yuml", 0xFF, true},
    {"zacute", 0x17A, false},
    {"zcaron", 0x17E, false},
    {"zdot", 0x17C, false},
    {"zeta", 0x3B6, false},
    {"zwj", 0x200D, false},
    {"zwnj", 0x200C, false},
};

const Entity* find_entity(std::string_view name) {
    auto it = std::lower_bound(std::begin(kEntities), std::end(kEntities), name,
                               [](const Entity& e, std::string_view n) { return e.name < n; });
    return it != std::end(kEntities) && it->name == name ? &*it : nullptr;
}

// Decodes the reference starting at s[i] == '&'. On success appends the
// character and returns the index just past the reference; else returns i.
std::size_t decode_one(std::string_view s, std::size_t i, bool strict, std::string& out) {
    std::size_t j = i + 1;
    if (j < s.size() && s[j] == '#') {
        bool hex = j + 1 < s.size() && (s[j + 1] == 'x' || s[j + 1] == 'X');
        std::size_t k = j + (hex ? 2 : 1), start = k;
        char32_t cp = 0;
        while (k < s.size() && k - start < 8 &&
               (hex ? std::isxdigit(static_cast<unsigned char>(s[k])) : utf8::is_ascii_digit(s[k]))) {
            char c = s[k];
            int d = utf8::is_ascii_digit(c) ? c - '0' : (c | 0x20) - 'a' + 10;
            cp = cp * (hex ? 16 : 10) + static_cast<char32_t>(d);
            ++k;
        }
        if (k == start) return i;
        bool semi = k < s.size() && s[k] == ';';
        if (strict && !semi) return i;
        if (cp == 0 || cp > 0x10FFFF) cp = 0xFFFD;
        if (cp >= 0x80 && cp < 0xA0) cp = ' ';  // C1 range: what the page meant was Windows-1252; a space is safe
        utf8::append(out, cp);
        return semi ? k + 1 : k;
    }
    std::size_t k = j;
    while (k < s.size() && k - j < 32 && utf8::is_ascii_alnum(s[k])) ++k;
    if (k == j) return i;
    if (k < s.size() && s[k] == ';') {
        if (const Entity* e = find_entity(s.substr(j, k - j))) {
            utf8::append(out, e->code_point);
            return k + 1;
        }
        return i;
    }
    if (strict) return i;
    for (std::size_t end = k; end > j; --end) {  // longest legacy name that prefixes the run
        const Entity* e = find_entity(s.substr(j, end - j));
        if (e != nullptr && e->legacy) {
            utf8::append(out, e->code_point);
            return end;
        }
    }
    return i;
}

}  // namespace

std::string_view named_entity(std::string_view name) {
    static const auto texts = [] {
        std::array<std::string, std::size(kEntities)> t;
        for (std::size_t i = 0; i < t.size(); ++i) t[i] = utf8::encode(kEntities[i].code_point);
        return t;
    }();
    const Entity* e = find_entity(name);
    return e ? std::string_view(texts[static_cast<std::size_t>(e - kEntities)]) : std::string_view();
}

std::string decode_entities(std::string_view s, bool strict) {
    if (s.find('&') == std::string_view::npos) return std::string(s);
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '&') {
            std::size_t next = decode_one(s, i, strict, out);
            if (next != i) { i = next; continue; }
        }
        out.push_back(s[i++]);
    }
    return out;
}

}  // namespace cvsearch::readers::html
