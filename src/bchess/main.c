#include "config.h"
#include <stdio.h>
#include "gf.h"
#include "bchess.h"
int
main(void)
{
	return 0;
}
