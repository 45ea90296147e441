#pragma once




