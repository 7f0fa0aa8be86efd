// parse/extract/names.hpp — who the CV is about: name, emails, homepage, headline (internal).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cvsearch/profile.hpp"
#include "parse/extract/sections.hpp"
#include "parse/readers/reader.hpp"

namespace cvsearch::extract {

/// "Dr. JANE Q. DOE, Ph.D. — Curriculum Vitae" -> "Jane Q. Doe"; empty if
/// nothing name-like is left.
std::string clean_name(std::string_view s);

/// 2-5 capitalized words (particles such as "van", "de" allowed), no digits,
/// no CV or organization words; or 2-4 CJK characters.
bool looks_like_person_name(std::string_view s);

/// The person's name: the metadata hint when plausible, else the CV header,
/// else a repeated page footer ("APRIL 11, 2024 JANE DOE 2"), else a statement
/// ("My name is ...", "Jane Doe's Curriculum Vitae"). Empty when never stated.
std::string find_name(const std::vector<Block>& blocks, const readers::TextDocument& doc);

/// The CV's owner as the person set in bold in author lists, the way CVs mark
/// themselves in citations ("**Jane Doe**, J. Roe and A. Poe. Title."): the full
/// form of the name bold most often beside other authors, "J. Doe" counting
/// for a "Jane Doe" bold elsewhere. Empty when no full name is bold beside other
/// authors, or when several people are bold equally often (a list of mentees).
/// `emphasized` is TextDocument::emphasized: lines with their **bold** spans.
std::string name_from_bold_authors(std::string_view emphasized);

/// A publication page without the owner's name on it ("Skip to main content",
/// then the list): the one author on at least 80% of three or more papers, when
/// the name is written out ("Ada R. Byron", not "A. Byron" or "Byron AR").
std::string author_of_every_paper(const std::vector<Publication>& pubs);

/// E-mail addresses: hints first, then plain and obfuscated ones ("jane [at]
/// example [dot] edu") in the header and contact sections, else anywhere but
/// the references.
std::vector<std::string> find_emails(const std::vector<Block>& blocks, const readers::TextDocument& doc);

/// The personal homepage: the hint, an explicit "Homepage:"/"Website:" URL, or
/// the first URL of the header that is not a social or publisher link.
std::string find_homepage(const readers::TextDocument& doc);

/// A short description under the name: "Ph.D. student in Computer Science".
std::string find_headline(const std::vector<Block>& blocks, const std::string& name);

}  // namespace cvsearch::extract
