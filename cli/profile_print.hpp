// cli/profile_print.hpp — a profile as `cvsearch parse` and `cvsearch show` print it.
#pragma once

#include "cvsearch/profile.hpp"
#include "print.hpp"

namespace cvsearch::cli {

/// Name, contacts, affiliations, publications, awards, skills and facet values.
void print_profile(const Profile& profile, const Style& style);

}  // namespace cvsearch::cli
